/** Demo content written for the site: real, specific copy rather than placeholder text. */
import type { Category } from "../../src/shared/blog/blog";

export interface SeedPost {
  title: string;
  author: string;
  category: Category;
  content: string;
}

export const SEED_POSTS: SeedPost[] = [
  {
    title: "Five signs your AWS bill is hiding idle capacity",
    author: "Priya Raman",
    category: "Cloud Computing",
    content: `Most cloud bills we review carry 20 to 35 percent of spend that does no work. It rarely comes from one big mistake; it comes from a hundred small defaults nobody revisited.

1. Development environments that run all weekend. Scheduling non-production instances to stop at 8 pm and start at 8 am on weekdays cuts their cost by about 65 percent.
2. Over-provisioned databases. An RDS instance sized for last year's launch week often idles at 8 percent CPU. Right-size it, or move bursty workloads to Aurora Serverless v2.
3. Unattached EBS volumes and old snapshots. They survive the instances they belonged to. A monthly report of volumes in the "available" state pays for itself on day one.
4. Data transfer between availability zones. Chatty microservices spread across zones pay for every gigabyte they exchange. Topology-aware routing keeps that traffic local.
5. On-demand pricing for steady workloads. A baseline that has not changed in six months belongs on a Savings Plan.

Our cloud operations team runs this review every month for managed-services customers and sends a one-page report with the savings it found and the changes it made.`,
  },
  {
    title: "Kubernetes upgrades without the weekend war room",
    author: "Arjun Mehta",
    category: "Containers",
    content: `Kubernetes ships a minor release roughly every four months, and each one is supported for about fourteen months. Teams that treat upgrades as a yearly project end up skipping versions under pressure, which is exactly when things break.

We run upgrades as routine maintenance instead:
- A staging cluster upgrades first and runs the full smoke-test suite for a week.
- Deprecated APIs are found ahead of time with a scan of every manifest and Helm chart.
- Node pools are replaced in a rolling fashion with PodDisruptionBudgets respected, so no service loses more than one replica at a time.
- Every step has a written rollback, rehearsed in staging.

The result is boring upgrades: during business hours, with the application teams informed rather than on call.`,
  },
  {
    title: "Patch Tuesday for 300 servers: how we keep it to one evening",
    author: "Kavitha Subramanian",
    category: "Servers",
    content: `Patching is the least glamorous and most important job in server operations. Unpatched systems remain the most common way attackers get in.

For a fleet of mixed Windows and Linux servers we split machines into rings: a canary ring of low-risk servers patched the same evening, a broad ring two days later, and a final ring for systems that need a change window agreed with the customer.

Each ring is followed by automated health checks: services running, ports open, application endpoints answering. A failed check stops the next ring and pages an engineer. Compliance reports showing every server's patch level go to the customer each month, which is also what auditors ask for under SOC 2 and HIPAA.`,
  },
  {
    title: "Choosing between Snowflake, BigQuery and Redshift",
    author: "Rahul Iyer",
    category: "Data Science",
    content: `All three warehouses are excellent. The right choice depends less on benchmarks than on where your data already lives and how your team works.

BigQuery suits teams already on Google Cloud with spiky, ad-hoc analysis: you pay per query and never size a cluster.
Snowflake suits organisations that want to stay cloud-neutral or share data with partners; its separation of storage and compute makes workload isolation simple.
Redshift suits AWS-centred teams with steady reporting loads, especially with reserved capacity and tight integration with S3 and Glue.

Whatever the engine, most of the cost and most of the value sit in the pipeline design: incremental loads, partitioning, and models that analysts can trust. That is where our data warehousing engagements spend their first month.`,
  },
  {
    title: "Putting a private LLM to work on your own documents",
    author: "Sneha Krishnan",
    category: "Artificial Intelligence",
    content: `Many of our customers want the productivity of a large language model without sending contracts, tickets or source code to a public service.

A dedicated deployment answers that: an open-weight model hosted in your own cloud account, retrieval over your documents with access controls that mirror your existing permissions, and logs that stay inside your network.

The hard part is rarely the model. It is preparing documents so retrieval finds the right passage, measuring answer quality with a test set your experts agree on, and setting guardrails for what the assistant may and may not do. We start every engagement with a two-week pilot on one team's documents and a scorecard that decides whether to go further.`,
  },
  {
    title: "Zero-trust networking for a 50-person company",
    author: "Vikram Nair",
    category: "Networking",
    content: `Zero trust sounds like an enterprise programme, but its core ideas fit a small company well: every request is authenticated, every device is known, and nobody gets network access just for being "inside".

A practical first step is replacing the office VPN with an identity-aware proxy in front of internal tools, tied to the single sign-on you already use. Next comes device posture: only managed laptops with disk encryption and current patches reach sensitive systems.

The result is fewer moving parts than a VPN concentrator, better audit trails, and no difference between working from the office and from home.`,
  },
  {
    title: "What 24/7 L1 support actually covers",
    author: "Priya Raman",
    category: "Servers",
    content: `"24/7 support" means very different things from one provider to the next. Here is what our L1 desk does around the clock.

It watches alerts from monitoring and acknowledges them within five minutes. It follows written runbooks for known issues: restarting a hung service, clearing a full disk, failing over a replica. It answers user tickets by phone, chat and e-mail in English, and escalates to L2 engineers with a complete timeline when a runbook does not resolve the issue.

Every month you receive a report of alert volume, response times and the runbooks that were used most, so recurring problems get fixed at the root instead of handled again at 3 am.`,
  },
  {
    title: "From monolith to microservices, one seam at a time",
    author: "Arjun Mehta",
    category: "Containers",
    content: `Rewriting a working monolith from scratch is the riskiest way to modernise it. We prefer the strangler pattern: route one capability at a time to a new service while the old code keeps running.

Good first candidates have clear inputs and outputs and change often: notifications, search, reporting exports. Each new service gets its own pipeline, its own database and its own dashboards from day one.

After a few seams the team has the platform, the habits and the confidence to take on the core, and the business never had a big-bang cut-over weekend.`,
  },
  {
    title: "Disaster recovery you have actually tested",
    author: "Kavitha Subramanian",
    category: "Cloud Computing",
    content: `A backup you have never restored is a hope, not a plan. Our managed backup plans include a scheduled restore test every quarter: we bring a copy of a production system up in an isolated account, check that the application starts and the data is complete, and record how long it took.

Those measured times become your real recovery time objective, and the gaps they reveal get fixed before an outage finds them for you.`,
  },
];

export const SEED_JOBS = [
  {
    job_title: "Senior DevOps Engineer (Kubernetes)",
    required_experience: 5,
    skills: "Kubernetes, Terraform, AWS, Helm, Prometheus",
    description:
      "Design and run production Kubernetes platforms for US customers: cluster upgrades, GitOps pipelines, observability and incident response. You will lead a small squad and be the technical voice on customer calls.",
  },
  {
    job_title: "Cloud Support Engineer (L1, night shift)",
    required_experience: 1,
    skills: "Linux, Windows Server, Monitoring, Ticketing",
    description:
      "Watch alerts and answer customer tickets during US business hours from our Chennai office. Follow runbooks, escalate with clear notes, and help us improve the runbooks themselves. Night-shift allowance and transport provided.",
  },
  {
    job_title: "Data Engineer",
    required_experience: 3,
    skills: "SQL, Python, dbt, Snowflake, Airflow",
    description:
      "Build reliable data pipelines and warehouse models for analytics teams. You will own ingestion, testing and documentation of models, and work directly with customer analysts.",
  },
  {
    job_title: "Backend Developer (Microservices)",
    required_experience: 2,
    skills: "Node.js, TypeScript, PostgreSQL, Docker, REST",
    description:
      "Develop and maintain microservices for customer products, from API design through deployment and monitoring. Code review, automated tests and clear documentation are part of the job.",
  },
  {
    job_title: "Machine Learning Engineer (LLM platforms)",
    required_experience: 3,
    skills: "Python, PyTorch, LLMs, Vector databases, MLOps",
    description:
      "Deploy and evaluate open-weight language models in customers' private clouds. Build retrieval pipelines, evaluation suites and guardrails, and turn pilots into production services.",
  },
];

export const SEED_FAQS: { question: string; answer: string | null }[] = [
  {
    question: "Do you hire freshers?",
    answer:
      "Yes. Our L1 support desk hires graduates twice a year and trains them for eight weeks before they join a shift.",
  },
  {
    question: "Is remote work possible?",
    answer:
      "Most engineering roles are hybrid from Chennai, with two office days a week. Some senior roles are fully remote within India.",
  },
  {
    question: "How long does the hiring process take?",
    answer:
      "Usually two to three weeks: a short call with HR, a technical interview, a practical exercise and a final conversation with the team lead.",
  },
  {
    question: "Do night shifts come with extra benefits?",
    answer:
      "Yes: a night-shift allowance, cab pick-up and drop, and meals in the office. Shifts rotate so nobody works nights all year.",
  },
  {
    question: "Will I work directly with US customers?",
    answer:
      "Many roles do. Engineers join customer calls, and we provide communication training for those who want it.",
  },
  {
    question: "Do you sponsor certifications?",
    answer:
      "We pay the exam fee for AWS, Azure, Google Cloud and Kubernetes certifications once you pass, and give study time before the exam.",
  },
  { question: "Can I apply for more than one opening?", answer: null },
  { question: "Is there a probation period?", answer: null },
];

/** Demo candidates (local demo only), so the Candidates tab has rows to try. */
export const SEED_APPLICATIONS = [
  {
    first_name: "Ananya",
    last_name: "Sharma",
    email: "ananya.sharma@example.com",
    mobile: "+919840012345",
    native_place: "Coimbatore, Tamil Nadu",
    gender: "Female",
    total_experience: 6,
    it_experience: 5.5,
    current_company: "Brightline Systems",
    notice_period: "30 Days",
    expected_salary: 2400000,
    willing_to_relocate: "Yes",
    skills: "Kubernetes, Terraform, AWS",
    certifications: "CKA, AWS Solutions Architect Associate",
    status: "New",
  },
  {
    first_name: "Rohan",
    last_name: "Verma",
    email: "rohan.verma@example.com",
    mobile: "+919876543210",
    native_place: "Pune, Maharashtra",
    gender: "Male",
    total_experience: 2,
    it_experience: 2,
    current_company: "Northwind Support Services",
    notice_period: "15 Days",
    expected_salary: 600000,
    willing_to_relocate: "Yes",
    skills: "Linux, Windows Server, Monitoring",
    certifications: "",
    status: "New",
  },
  {
    first_name: "Meera",
    last_name: "Pillai",
    email: "meera.pillai@example.com",
    mobile: "+919444055667",
    native_place: "Kochi, Kerala",
    gender: "Female",
    total_experience: 4,
    it_experience: 4,
    current_company: "DataHarbor Analytics",
    notice_period: "90 Days",
    expected_salary: null,
    willing_to_relocate: "No",
    skills: "SQL, Python, dbt",
    certifications: "",
    status: "Maybe",
  },
] as const;

/** Demo sales leads (local demo only), so the Leads inbox has rows to try. */
export const SEED_INQUIRIES = [
  {
    full_name: "Jordan Miller",
    email: "jordan.miller@acme-logistics.example",
    org_name: "Acme Logistics",
    job_title: "IT Director",
    industry: "Logistics",
    company_size: "100-200",
    mobile: "+14155550172",
    budget: "$10000-$50000",
    project_type: "Normal",
    deadline: "2026-03-31",
    project_details:
      "We run 40 EC2 instances and two RDS databases. We want 24/7 monitoring and a monthly cost review.",
    source_page: "/managed-cloud-services",
  },
  {
    full_name: "Sam Okafor",
    email: "sam@brightdental.example",
    org_name: "Bright Dental Group",
    job_title: "Operations Manager",
    industry: "Healthcare",
    company_size: "30-50",
    mobile: "+12125550199",
    budget: "$5000-$10000",
    project_type: "Urgent",
    deadline: null,
    project_details: "Our practice software needs HIPAA-ready backups and help-desk support for 12 clinics.",
    source_page: "/l1-support",
  },
] as const;

/** A one-page PDF naming the demo candidate: enough for the resume link to open something real. */
export function demoResumePdf(name: string): Uint8Array {
  return demoPdf(`Resume of ${name} (demo)`);
}

/** The trust center's demo documents (marked example: production refuses to publish them). */
export const SEED_TRUST_DOCUMENTS = [
  { id: "soc2-report", title: "SOC 2 Type II report", access: "restricted" },
  { id: "pentest-summary", title: "Penetration test summary", access: "restricted" },
  { id: "security-overview", title: "Security overview", access: "public" },
  { id: "dpa", title: "Data processing agreement (template)", access: "public" },
] as const;

/** The subprocessors the demo trust center lists. */
export const SEED_SUBPROCESSORS = [
  {
    name: "Amazon Web Services",
    purpose: "Hosting of our monitoring, ticketing and backup tooling",
    location: "United States (us-east-1)",
    transfer: "Data stays in the United States",
  },
  {
    name: "Atlassian",
    purpose: "Tickets and runbooks for client work",
    location: "United States",
    transfer: "Data stays in the United States",
  },
  {
    name: "Google Workspace",
    purpose: "E-mail and documents exchanged with clients",
    location: "United States",
    transfer: "EU Standard Contractual Clauses for EU clients' data",
  },
] as const;

/** A one-page PDF with one line of text. */
export function demoPdf(line: string): Uint8Array {
  // A PDF string escapes its parentheses and backslashes.
  const text = line.replace(/[()\\]/g, (c) => `\\${c}`);
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}
