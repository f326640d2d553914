/**
 * The application form's fields and the checks the browser makes before sending it (the server
 * checks everything again).
 */
import { isValidPhoneNumber } from "react-phone-number-input";
import { applicationSchema } from "../../shared/careers/careers";
import { submitApplicationApi } from "../../shared/careers/api";
import { send } from "../lib/api-client";
import { fieldErrors } from "../../shared/common/schema-fields";
import { fileExtension, MAX_FILES_LABEL, UPLOADS } from "../../shared/common/upload-limits";

export interface ApplyJob {
  id: number;
  job_title: string;
}

export const EMPTY = {
  firstName: "",
  lastName: "",
  email: "",
  mobile: "",
  nativePlace: "",
  gender: "",
  totalExperience: "",
  itExperience: "",
  currentCompany: "",
  noticePeriod: "immediate",
  expectedSalary: "",
  willingToRelocate: "Yes",
  // Consents start unticked: "yes" only when the person ticks the box.
  privacyConsent: "",
  talentPool: "no",
};
export type Values = typeof EMPTY;
export type FieldName = keyof Values | "skills" | "certifications" | "resume";

/** The field of the form that comes first in reading order, to focus after a refused submit. */
export const ORDER: FieldName[] = [
  "firstName",
  "lastName",
  "email",
  "mobile",
  "nativePlace",
  "gender",
  "totalExperience",
  "itExperience",
  "currentCompany",
  "noticePeriod",
  "expectedSalary",
  "willingToRelocate",
  "skills",
  "certifications",
  "resume",
  "privacyConsent",
  "talentPool",
];

export function resumeProblem(file: File | null): string | undefined {
  if (!file) return "Resume is required.";
  if (!UPLOADS.resume.extensions.includes(fileExtension(file.name)))
    return `Resume must be a ${UPLOADS.resume.names} file.`;
  if (file.size > UPLOADS.resume.maxBytes) return `Resume is too large: the limit is ${MAX_FILES_LABEL}.`;
  if (file.size === 0) return "Resume is empty.";
  return undefined;
}

/** Every field's first problem: the schema's, the phone number's and the resume's. */
export function applicationProblems(
  fields: Values & { skills: string; certifications: string; job_id: string },
  resume: File | null,
): Partial<Record<FieldName, string>> {
  const parsed = applicationSchema.safeParse(fields);
  const found = parsed.success ? {} : fieldErrors<FieldName>(parsed.error.issues);
  if (!found.mobile && fields.mobile && !isValidPhoneNumber(fields.mobile))
    found.mobile = "Enter a valid Mobile Number";
  const fileError = resumeProblem(resume);
  if (fileError) found.resume = fileError;
  return found;
}

/** Sends an application; a refused one comes back with the server's message. */
export async function sendApplication(
  fields: Record<string, string>,
  resume: File,
): Promise<{ ok: true } | { ok: false; status: number; error: string | undefined }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append("resume", resume, resume.name);
  const res = await send(submitApplicationApi, { body: form });
  if (res.ok) return { ok: true };
  return { ok: false, status: res.status, error: res.data.error };
}
