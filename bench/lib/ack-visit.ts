/**
 * A buyer's /ack as it is right after the contact form, for Lighthouse: a member of staff who takes
 * calls on weekdays' US mornings (the seeded admin), a rule that gives them this bench's leads, and an inquiry sent
 * through /api/submit. Answers the Cookie header of the buyer's ack access, which Lighthouse sends
 * with every request of its load, so /ack shows the thank-you and, after the page, the slot list.
 */
import { request } from "playwright-core";
import { LOCAL_DEMO_ADMIN } from "../../scripts/seed/demo-accounts";

/** This bench's leads: sizes and budgets no demo lead has, matched by a rule of their own. */
const BUYER = {
  fullName: "Bench Buyer",
  email: "bench.buyer@buyer.example",
  orgName: "Bench Buyer Inc",
  jobTitle: "CTO",
  industry: "Manufacturing",
  companySize: "500-Above",
  mobile: "+12015550123",
  budget: "$1000000-Above",
  projectDetails: "Run our cloud for us.",
  projectType: "Urgent",
  deadline: "2099-12-31",
};
const RULE = "Bench calls";

async function must(res: { status(): number; text(): Promise<string> }, what: string) {
  if (res.status() >= 300) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
}

export async function ackVisitCookie(base: string): Promise<string> {
  const staff = await request.newContext({ baseURL: base, extraHTTPHeaders: { Origin: base } });
  const buyer = await request.newContext({ baseURL: base, extraHTTPHeaders: { Origin: base } });
  try {
    await must(await staff.post("/api/login", { data: LOCAL_DEMO_ADMIN }), "sign-in");
    await must(
      await staff.post("/api/update-availability", {
        data: {
          timeZone: "Asia/Kolkata",
          // An owner in Chennai who meets US mornings, Monday to Friday (8 hours: 16 calls a day).
          weekly: ["18:30-02:30", "18:30-02:30", "18:30-02:30", "18:30-02:30", "18:30-02:30", "", ""],
          daysOff: [],
          meetingMinutes: 30,
          bufferMinutes: 0,
        },
      }),
      "availability",
    );
    const me = (await (await staff.get("/api/check-session")).json()) as { userId: number };
    const rules = (await (await staff.get("/api/assignment-rules")).json()) as { rules?: { name: string }[] };
    if (!rules.rules?.some((r) => r.name === RULE))
      await must(
        await staff.post("/api/assignment-rules", {
          data: {
            name: RULE,
            companySizes: [BUYER.companySize],
            budgets: [BUYER.budget],
            members: String(me.userId),
            enabled: true,
          },
        }),
        "assignment rule",
      );
    await must(await buyer.post("/api/submit", { multipart: BUYER }), "inquiry");
    const slots = (await (await buyer.get("/api/booking-slots")).json()) as { slots?: unknown[] };
    if (!slots.slots?.length) throw new Error("the bench's lead has no free slots to show");
    const { cookies } = await buyer.storageState();
    return cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  } finally {
    await staff.dispose();
    await buyer.dispose();
  }
}
