/** Demo content written for the site: real, specific copy rather than placeholder text. */
import type { Category } from "../lib/blog";

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
    title: "Choosing between Snowflake, BigQuery and Redshift in 2025",
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
