/** Fixtures for contact tests: a complete inquiry and small files whose bytes are what they claim. */
export const validInquiry = {
  fullName: "Ada Lovelace",
  email: "ada@analytical.example",
  orgName: "Analytical Engines Inc",
  jobTitle: "CTO",
  industry: "Manufacturing",
  companySize: "50-100",
  mobile: "+12015550123",
  budget: "$5000-$10000",
  projectDetails: "Move our ERP to Kubernetes.\nKeep the nightly batch.",
  projectType: "Urgent",
  deadline: "2099-12-31",
};

export const PDF = new TextEncoder().encode(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

/** A 1x1 PNG. */
export const PNG = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  ),
);

/** A Windows executable's first bytes. */
export const EXE = Uint8Array.from([
  0x4d,
  0x5a,
  0x90,
  0x00,
  0x03,
  0x00,
  0x00,
  0x00,
  0x04,
  0x00,
  ...new Array(200).fill(0),
]);

export function contactForm(
  fields: Record<string, string | undefined> = {},
  file?: { bytes: Uint8Array; name: string; type?: string },
): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...validInquiry, ...fields })) if (v !== undefined) form.append(k, v);
  if (file)
    form.append(
      "uploadedFile",
      new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type ?? "" }),
    );
  return form;
}
