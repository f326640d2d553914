/** Copy of the trust center (/trust) and of the vulnerability disclosure policy (/security). */
import { site } from "../config/site";

/** How clients' data is protected: short sections under "How we protect your data" on /trust. */
export const DATA_PROTECTION: readonly { title: string; paragraphs: readonly string[] }[] = [
  {
    title: "Access to your systems",
    paragraphs: [
      "Engineers reach client systems only through named accounts with multi-factor authentication, from managed laptops, over a VPN or your own bastion. Access is granted per client and per role, reviewed every quarter and removed the day someone leaves the account.",
      "Privileged sessions are logged; on request we record them and keep the recordings for the period your contract sets.",
    ],
  },
  {
    title: "Where your data goes",
    paragraphs: [
      "Your data stays in your own cloud accounts and regions. We do not copy production data to our offices or our own accounts; when a copy is unavoidable (a support bundle, a database restore test) it is encrypted, kept in your region and deleted when the ticket closes.",
      "Transfers out of the EU or UK rely on the Standard Contractual Clauses of our data processing agreement.",
    ],
  },
  {
    title: "Encryption and keys",
    paragraphs: [
      "Data is encrypted in transit (TLS 1.2 or later) and at rest with keys held in your cloud's key management service. We never hold your root credentials or your keys outside it.",
    ],
  },
  {
    title: "People and training",
    paragraphs: [
      "Every engineer passes a background check before joining, signs a confidentiality agreement, and completes security and privacy training every year, with HIPAA training for healthcare accounts.",
    ],
  },
  {
    title: "Incidents",
    paragraphs: [
      "A suspected incident involving your systems or data is reported to your named contact within 24 hours of our discovering it, with what we know, what we have done and what we need from you; our contracts set shorter times where your regulators do.",
    ],
  },
];

/** The vulnerability disclosure policy at /security (named by security.txt's Policy field). */
export const SECURITY_POLICY = {
  lead: `How to tell ${site.name} about a security weakness in our website or services, what we promise in return, and what is out of scope.`,
  report: {
    title: "What to report",
    items: [
      "Weaknesses in this website and its staff dashboard: injection, cross-site scripting, broken access control, authentication or session flaws, exposed personal data.",
      "Weaknesses in the way we reach our clients' systems (our VPN, bastions, tooling) that could let someone act in our name.",
      "Leaked credentials or documents that appear to belong to us or to a client through us.",
    ],
  },
  how: {
    title: "How to report",
    items: [
      "Write to the contact in our security.txt with the address affected, the steps to reproduce, what an attacker could achieve, and your name or handle if you would like credit.",
      "Test only against your own accounts and data; stop and tell us as soon as you reach someone else's data, and do not keep or share it.",
      "Give us reasonable time to fix the issue before you publish: we suggest 90 days, sooner once it is fixed.",
    ],
  },
  promise: {
    title: "What we promise",
    items: [
      "We acknowledge your report within 3 business days and tell you within 10 whether we accept it and how we plan to fix it.",
      "We keep you informed until it is fixed and credit you publicly if you wish.",
      "We will not take legal action against, or ask the authorities to act against, anyone who reports in good faith and follows this policy.",
    ],
  },
  outOfScope: {
    title: "Out of scope",
    items: [
      "Denial-of-service and volume testing, spam, and social engineering of our staff or clients.",
      "Physical attacks on our offices or data centres.",
      "Reports from automated scanners without a demonstrated impact, missing headers or best practices without an exploit, and clickjacking on pages without actions.",
      "Systems run by our clients or by third parties (our subprocessors have their own policies).",
    ],
  },
};
