/**
 * The eight service pages (SPEC section 2, "The eight service pages"). One record per route;
 * src/pages/[service].astro renders every one with the same sections.
 */
import type { ServicePage } from "./types";

export const SERVICE_PAGES: readonly ServicePage[] = [
  {
    route: "/managed-cloud-services",
    name: "Cloud Managed Services",
    seo: {
      title: "Cloud Managed Services for AWS, Azure and Google Cloud",
      description:
        "24/7 operation of your AWS, Azure or Google Cloud estate: monitoring, patching, backups, cost control and security hardening by certified engineers.",
    },
    hero: {
      headertitle: "Cloud Managed Services",
      headersubtitle: "Your cloud, run by engineers who watch it every hour of every day.",
      title: "Introduction",
      subtitle:
        "Most teams move to the cloud for speed and then spend their weeks on patch windows, alert noise and invoices that grow faster than the business. We take over the day-to-day operation of your AWS, Azure or Google Cloud accounts so your engineers can get back to the product.",
      subtitle1:
        "You keep full ownership of every account and every credential. We bring the runbooks, the monitoring, the on-call rota and a monthly report that shows what changed, what it cost and what we recommend next.",
      btn: "Get Started",
      urlImg: "svc-cloud",
      imgAlt: "A cloud above three server racks, with an uptime gauge and a falling cost line",
    },
    cards: {
      header: { title: "What we run for you" },
      reasonsSection: {
        reasons: [
          {
            image: "monitoring",
            title: "Monitoring and incident response",
            description:
              "Health checks, log alerts and synthetic tests on every workload, with a named engineer answering within 15 minutes, day or night.",
          },
          {
            image: "security",
            title: "Patching and hardening",
            description:
              "Monthly OS and runtime patching in agreed windows, CIS benchmarks applied and drift reported before an auditor finds it.",
          },
          {
            image: "analytics",
            title: "Cost and capacity reviews",
            description:
              "Rightsizing, reserved capacity and idle-resource clean-up, reviewed with you every month against a written savings target.",
          },
        ],
      },
    },
    approach: {
      header: { title: "Our approach" },
      reasonsSection: {
        reasons: [
          {
            title: "1. Assess",
            content:
              "A two-week review of accounts, network, identity and spend, written up as a risk register.",
            bgClass: "blue",
          },
          {
            title: "2. Stabilise",
            content:
              "Backups, alerting and access controls fixed first, so nothing breaks while we improve it.",
            bgClass: "green",
          },
          {
            title: "3. Operate",
            content: "Runbooks, on-call and change management take over the daily work under an agreed SLA.",
            bgClass: "amber",
          },
          {
            title: "4. Optimise",
            content:
              "Quarterly architecture reviews turn what we learn from operations into lower cost and risk.",
            bgClass: "violet",
          },
        ],
      },
    },
    benefits: [
      "Predictable operations: one monthly fee covers monitoring, patching, backups and on-call.",
      "Lower cloud bills: customers typically cut 25 to 40 percent of spend in the first two quarters.",
      "Fewer outages: problems are caught by alerts and health checks before customers notice them.",
      "Audit-ready evidence: change logs, backup tests and access reviews are kept for every month.",
      "Focus for your team: your engineers ship features instead of answering pager alerts at 3 a.m.",
    ],
    features: {
      header: { title: "Distinctive features" },
      reasonsSection: {
        reasons: [
          {
            title: "Multi-cloud runbooks",
            content: "The same procedures for AWS, Azure and Google Cloud, tested on real incidents.",
            bgClass: "blue",
          },
          {
            title: "Infrastructure as code",
            content:
              "Changes go through Terraform and pull requests, so every change is reviewed and reversible.",
            bgClass: "green",
          },
          {
            title: "Backup you can restore",
            content:
              "Restores are rehearsed every quarter, not just scheduled, with the results in your report.",
            bgClass: "amber",
          },
          {
            title: "FinOps dashboards",
            content:
              "Spend by team, product and environment, with alerts when a budget is about to be crossed.",
            bgClass: "violet",
          },
          {
            title: "Least-privilege access",
            content:
              "Our engineers use short-lived, audited roles; no shared passwords, no standing admin keys.",
            bgClass: "teal",
          },
          {
            title: "US-hours overlap",
            content:
              "Senior engineers online during your business day, with a follow-the-sun team overnight.",
            bgClass: "rose",
          },
        ],
      },
    },
    trust: {
      header: {
        title: "Why businesses trust us with their cloud",
        subtitle: "Operations you can inspect, measured against targets you set.",
      },
      trustSection: {
        title: "An extension of your team, not a black box",
        description:
          "Every ticket, change and alert we handle is visible to you in a shared workspace. You see who did what and why, and you can pull the history into your own audit trail at any time.",
        description2:
          "Our engineers hold AWS, Azure and Google Cloud certifications and have run production platforms for SaaS, retail and healthcare companies in the United States.",
        image: "handshake",
      },
      reasonsSection: {
        title: "Reasons customers stay",
        reasons: [
          {
            image: "clock",
            title: "15-minute response",
            description:
              "Priority incidents are acknowledged by a person within 15 minutes, around the clock.",
          },
          {
            image: "shield",
            title: "Security first",
            description:
              "Encrypted backups, MFA everywhere and quarterly access reviews are part of every plan.",
          },
          {
            image: "document",
            title: "Monthly reporting",
            description:
              "Uptime, incidents, changes and spend in one report, with recommendations ranked by value.",
          },
          {
            image: "savings",
            title: "Savings you can verify",
            description:
              "We track every saving we make against your bill, so the value of the service is visible.",
          },
          {
            image: "handshake",
            title: "No lock-in",
            description:
              "Your accounts, your code, your runbooks. If you leave, you take everything with you.",
          },
        ],
      },
    },
  },
  {
    route: "/managed-container-service",
    name: "Managed Container Orchestration",
    seo: {
      title: "Managed Kubernetes and Container Orchestration",
      description:
        "Production Kubernetes on EKS, AKS, GKE or your own servers: cluster upgrades, autoscaling, GitOps delivery and 24/7 support for containerised workloads.",
    },
    hero: {
      headertitle: "Managed Container Orchestration",
      headersubtitle: "Kubernetes that stays upgraded, secure and boring, in the best sense.",
      title: "Introduction",
      subtitle:
        "Containers make releases faster, but a production Kubernetes cluster needs constant care: version upgrades every few months, certificate rotation, node pools, network policies and a steady stream of CVEs. We run that layer for you on EKS, AKS, GKE or on-premises clusters.",
      subtitle1:
        "Your developers keep deploying the way they like, through Git. We make sure the platform underneath is healthy, patched and sized for the traffic you actually have.",
      btn: "Get Started",
      urlImg: "svc-containers",
      imgAlt: "Containers stacked on a cluster grid beside the orchestrator's helm wheel",
    },
    cards: {
      header: { title: "What we manage" },
      reasonsSection: {
        reasons: [
          {
            image: "containers",
            title: "Cluster lifecycle",
            description:
              "Provisioning, version upgrades and node-pool rotation planned with you and done without downtime.",
          },
          {
            image: "pipeline",
            title: "GitOps delivery",
            description:
              "Argo CD or Flux pipelines so every deployment is a reviewed commit that can be rolled back in seconds.",
          },
          {
            image: "security",
            title: "Policy and security",
            description:
              "Image scanning, admission policies, network policies and secrets kept out of your manifests.",
          },
        ],
      },
    },
    approach: {
      header: { title: "Our approach" },
      reasonsSection: {
        reasons: [
          {
            title: "1. Audit the clusters",
            content:
              "Versions, add-ons, RBAC and workloads are inventoried and checked against best practice.",
            bgClass: "blue",
          },
          {
            title: "2. Standardise",
            content: "One baseline of ingress, observability and policy for every cluster, stored as code.",
            bgClass: "green",
          },
          {
            title: "3. Automate delivery",
            content: "Teams deploy through Git; we own the pipeline, the platform and the alerts behind it.",
            bgClass: "amber",
          },
          {
            title: "4. Right-size",
            content: "Autoscaling and spot capacity are tuned every month against real usage data.",
            bgClass: "violet",
          },
        ],
      },
    },
    benefits: [
      "Always supported versions: clusters upgraded before their Kubernetes release goes out of support.",
      "Faster releases: GitOps pipelines take a merge to production in minutes, with one-click rollback.",
      "Smaller bills: autoscaling and spot nodes cut compute spend without hurting response times.",
      "Safer workloads: only signed, scanned images reach production, under admission policies.",
      "One team to call: platform, networking and observability issues go to the same engineers.",
    ],
    features: {
      header: { title: "Distinctive features" },
      reasonsSection: {
        reasons: [
          {
            title: "Any Kubernetes",
            content: "EKS, AKS, GKE, OpenShift or bare-metal k3s, run with the same tooling and SLA.",
            bgClass: "blue",
          },
          {
            title: "Zero-downtime upgrades",
            content: "Blue-green node pools and pod disruption budgets keep services up during upgrades.",
            bgClass: "green",
          },
          {
            title: "Built-in observability",
            content: "Prometheus, Grafana and log pipelines installed and tuned, with dashboards per team.",
            bgClass: "amber",
          },
          {
            title: "Multi-tenant by design",
            content:
              "Namespaces, quotas and RBAC so many teams share clusters without stepping on each other.",
            bgClass: "violet",
          },
          {
            title: "Disaster recovery",
            content: "Velero backups of cluster state and volumes, restored to a fresh cluster in drills.",
            bgClass: "teal",
          },
          {
            title: "Developer self-service",
            content:
              "Templates for new services so a team goes from repository to running pod in one afternoon.",
            bgClass: "rose",
          },
        ],
      },
    },
    trust: {
      header: {
        title: "Why teams trust us with their clusters",
        subtitle: "Hundreds of upgrades done, none of them on a Friday evening.",
      },
      trustSection: {
        title: "Platform engineering as a service",
        description:
          "We behave like the platform team you have not hired yet: we publish a roadmap, hold office hours with your developers and keep the documentation current.",
        description2:
          "Our engineers hold CKA and CKS certifications and maintain clusters that serve millions of requests a day for US customers.",
        image: "containers",
      },
      reasonsSection: {
        title: "Reasons customers stay",
        reasons: [
          {
            image: "containers",
            title: "Certified engineers",
            description: "Every engineer on your account holds a Kubernetes administrator certification.",
          },
          {
            image: "backup",
            title: "Rehearsed recovery",
            description: "We restore a cluster from backup every quarter and share the timings with you.",
          },
          {
            image: "eye",
            title: "Full visibility",
            description: "Dashboards, alerts and change logs are yours to see, not hidden in our tools.",
          },
          {
            image: "bolt",
            title: "Fast onboarding",
            description: "Existing clusters are under management within two weeks, new ones within days.",
          },
          {
            image: "handshake",
            title: "Open tooling",
            description: "Everything we install is open source and documented, so nothing ties you to us.",
          },
        ],
      },
    },
  },
  {
    route: "/data-warehousing",
    name: "Data Warehousing Solutions",
    seo: {
      title: "Data Warehousing Solutions on Snowflake, BigQuery and Redshift",
      description:
        "Design, build and run your data warehouse: ELT pipelines, dimensional models, data quality checks and dashboards your business teams can trust.",
    },
    hero: {
      headertitle: "Data Warehousing Solutions",
      headersubtitle: "One trusted source of numbers for every team in your business.",
      title: "Introduction",
      subtitle:
        "When sales, finance and operations each keep their own spreadsheets, every meeting starts with an argument about whose number is right. We build a warehouse on Snowflake, BigQuery, Redshift or PostgreSQL that brings your CRM, ERP, product and marketing data together.",
      subtitle1:
        "Then we keep it running: pipelines monitored, models tested, costs controlled and new sources added as the business grows, so analysts spend their time on questions, not on plumbing.",
      btn: "Get Started",
      urlImg: "svc-warehouse",
      imgAlt: "Data flowing from several sources into a central warehouse",
    },
    cards: {
      header: { title: "What we build" },
      reasonsSection: {
        reasons: [
          {
            image: "pipeline",
            title: "Reliable pipelines",
            description:
              "ELT from SaaS tools, databases and files with retries, alerts and freshness checks.",
          },
          {
            image: "warehouse",
            title: "Models people understand",
            description:
              "dbt models with clear names, documentation and tests, versioned in Git like software.",
          },
          {
            image: "analytics",
            title: "Dashboards that answer",
            description:
              "Metrics defined once and used everywhere, in Looker, Power BI, Tableau or Metabase.",
          },
        ],
      },
    },
    approach: {
      header: { title: "Our approach" },
      reasonsSection: {
        reasons: [
          {
            title: "1. Discover",
            content: "We interview the people who use the numbers and list the decisions they need to make.",
            bgClass: "blue",
          },
          {
            title: "2. Model",
            content:
              "Sources are mapped into a dimensional model reviewed with your finance and operations teams.",
            bgClass: "green",
          },
          {
            title: "3. Deliver in slices",
            content: "The first dashboard ships in weeks, then one business area at a time after that.",
            bgClass: "amber",
          },
          {
            title: "4. Run and grow",
            content: "Pipelines are monitored, costs reviewed and new sources added under a monthly plan.",
            bgClass: "violet",
          },
        ],
      },
    },
    benefits: [
      "One version of the truth: revenue, churn and margin mean the same thing in every report.",
      "Fresh data: pipelines refresh hourly or daily with alerts when a source falls behind.",
      "Lower warehouse costs: query and storage tuning keep compute bills flat as data grows.",
      "Tested numbers: automated checks catch duplicates, gaps and broken joins before a meeting does.",
      "Ready for AI: clean, documented tables are the foundation for forecasting and machine learning.",
    ],
    features: {
      header: { title: "Distinctive features" },
      reasonsSection: {
        reasons: [
          {
            title: "Platform-neutral",
            content:
              "Snowflake, BigQuery, Redshift, Databricks or PostgreSQL: chosen for your needs, not ours.",
            bgClass: "blue",
          },
          {
            title: "Data contracts",
            content: "Source teams agree on schemas, so a renamed column never silently breaks a report.",
            bgClass: "green",
          },
          {
            title: "Governance built in",
            content: "Row-level security, masking of personal data and access logs from the first day.",
            bgClass: "amber",
          },
          {
            title: "Semantic layer",
            content: "Metrics defined once in code and served to every dashboard and spreadsheet.",
            bgClass: "violet",
          },
          {
            title: "Cost guardrails",
            content: "Per-team budgets and query limits, with a weekly report of the most expensive queries.",
            bgClass: "teal",
          },
          {
            title: "Knowledge transfer",
            content: "Documentation and training so your analysts can extend the models themselves.",
            bgClass: "rose",
          },
        ],
      },
    },
    trust: {
      header: {
        title: "Why companies trust us with their data",
        subtitle: "Numbers are only useful when people believe them.",
      },
      trustSection: {
        title: "Engineers who speak business",
        description:
          "Our data engineers start with the decisions your leaders need to make and work backwards to the tables. We explain trade-offs in plain language and write everything down.",
        description2:
          "We have built warehouses for e-commerce, logistics, healthcare and software companies, with personal data handled under GDPR and HIPAA rules.",
        image: "analytics",
      },
      reasonsSection: {
        title: "Reasons customers stay",
        reasons: [
          {
            image: "check",
            title: "Tested by default",
            description: "Every model ships with tests for uniqueness, completeness and accepted values.",
          },
          {
            image: "lock",
            title: "Private by design",
            description: "Personal fields are masked or tokenised, and access is granted per role.",
          },
          {
            image: "chart",
            title: "Value in weeks",
            description: "The first production dashboard is live within six weeks of kick-off.",
          },
          {
            image: "document",
            title: "Documented lineage",
            description: "You can trace any number on a dashboard back to the source row it came from.",
          },
        ],
      },
    },
  },
  {
    route: "/microervice-development",
    name: "Microservice Development",
    seo: {
      title: "Microservice Development and Modernisation",
      description:
        "Design and build microservices and APIs in Go, Java, Node.js and Python, or break a monolith apart safely, with CI/CD, tests and observability included.",
    },
    hero: {
      headertitle: "Microservice Development",
      headersubtitle: "Well-bounded services your teams can change without fear.",
      title: "Introduction",
      subtitle:
        "A monolith that once moved fast can turn into a codebase where every release needs the whole company to hold its breath. We help you split it along real business boundaries, or build new services from scratch, in Go, Java, Node.js or Python.",
      subtitle1:
        "Each service we deliver comes with its API contract, automated tests, a delivery pipeline, dashboards and runbooks, so your own team can own it from the first day in production.",
      btn: "Get Started",
      urlImg: "svc-microservices",
      imgAlt: "Small connected services exchanging messages",
    },
    cards: {
      header: { title: "What we deliver" },
      reasonsSection: {
        reasons: [
          {
            image: "microservices",
            title: "Domain-driven design",
            description: "Service boundaries drawn from your business processes, not from database tables.",
          },
          {
            image: "pipeline",
            title: "APIs and events",
            description: "REST, gRPC and event streams with versioned contracts and consumer-driven tests.",
          },
          {
            image: "migration",
            title: "Monolith modernisation",
            description:
              "The strangler pattern, one slice at a time, with the old system running until the new one proves itself.",
          },
        ],
      },
    },
    approach: {
      header: { title: "Our approach" },
      reasonsSection: {
        reasons: [
          {
            title: "1. Map the domain",
            content:
              "Event-storming workshops with your product owners reveal the natural seams in the system.",
            bgClass: "blue",
          },
          {
            title: "2. Build a walking skeleton",
            content:
              "One thin service goes to production early to prove the pipeline, hosting and monitoring.",
            bgClass: "green",
          },
          {
            title: "3. Deliver in sprints",
            content: "Two-week sprints with demos, shared boards and code reviewed by your engineers.",
            bgClass: "amber",
          },
          {
            title: "4. Hand over",
            content: "Documentation, runbooks and pairing sessions until your team runs the services alone.",
            bgClass: "violet",
          },
        ],
      },
    },
    benefits: [
      "Independent releases: teams ship their own service without waiting for a company-wide release.",
      "Scale where it matters: busy services scale on their own instead of scaling the whole system.",
      "Contained failures: timeouts, retries and circuit breakers stop one fault from taking down everything.",
      "Modern stack: clean code, automated tests and pipelines make hiring and onboarding easier.",
      "Lower risk migration: the old system keeps running until each new slice has proved itself.",
    ],
    features: {
      header: { title: "Distinctive features" },
      reasonsSection: {
        reasons: [
          {
            title: "Contract-first APIs",
            content: "OpenAPI and protobuf contracts are agreed before code, and checked in every build.",
            bgClass: "blue",
          },
          {
            title: "Tests at every level",
            content:
              "Unit, contract and end-to-end tests run on every pull request, not just before a release.",
            bgClass: "green",
          },
          {
            title: "Observability included",
            content: "Traces, metrics and structured logs are wired in from the first commit.",
            bgClass: "amber",
          },
          {
            title: "Secure by default",
            content: "Dependency scanning, secret management and OWASP checks in the pipeline.",
            bgClass: "violet",
          },
          {
            title: "Cloud-native hosting",
            content: "Containers on Kubernetes or serverless functions, whichever fits the workload.",
            bgClass: "teal",
          },
          {
            title: "Your code, your IP",
            content: "All code lives in your repositories from the first day; you own every line.",
            bgClass: "rose",
          },
        ],
      },
    },
    trust: {
      header: {
        title: "Why product teams trust our engineers",
        subtitle: "Senior developers who write code your team will want to maintain.",
      },
      trustSection: {
        title: "Engineering discipline you can see",
        description:
          "Pull requests, design documents and sprint demos are open to your team at all times. We measure ourselves with the same delivery metrics you would: lead time, change failure rate and recovery time.",
        description2:
          "Our developers have built payment, logistics and healthcare platforms for US companies, working in your time zone for the hours that matter.",
        image: "microservices",
      },
      reasonsSection: {
        title: "Reasons customers stay",
        reasons: [
          {
            image: "code",
            title: "Senior-led teams",
            description:
              "Every squad is led by an architect with ten or more years of production experience.",
          },
          {
            image: "clock",
            title: "Time-zone overlap",
            description: "At least four hours of overlap with US Eastern or Pacific time, every working day.",
          },
          {
            image: "check",
            title: "Quality gates",
            description: "No merge without review, passing tests and a green security scan.",
          },
          {
            image: "document",
            title: "Clear documentation",
            description: "Architecture decisions and runbooks are written as we go, not at the end.",
          },
        ],
      },
    },
  },
  {
    route: "/outsourcing",
    name: "Resource Outsourcing",
    seo: {
      title: "IT Resource Outsourcing and Staff Augmentation",
      description:
        "Pre-vetted DevOps, cloud, data and software engineers from India who join your team full time, work your hours and scale up or down with your roadmap.",
    },
    hero: {
      headertitle: "Resource Outsourcing",
      headersubtitle: "Vetted engineers who join your team in weeks, not months.",
      title: "Introduction",
      subtitle:
        "Hiring a senior DevOps or data engineer in the United States can take a quarter and cost a fortune. We give you dedicated engineers from our Chennai team who work inside your tools, attend your stand-ups and follow your processes.",
      subtitle1:
        "You interview and choose every person. We handle payroll, equipment, security training, retention and backup cover, and you can scale the team up or down with a month's notice.",
      btn: "Contact Us",
      urlImg: "svc-team",
      imgAlt: "Four engineers on a video call, with clocks for US and India hours",
    },
    cards: {
      header: { title: "Roles we provide" },
      reasonsSection: {
        reasons: [
          {
            image: "cloud",
            title: "Cloud and DevOps engineers",
            description: "AWS, Azure and GCP engineers fluent in Terraform, Kubernetes and CI/CD pipelines.",
          },
          {
            image: "microservices",
            title: "Software developers",
            description:
              "Back-end, front-end and mobile developers in Java, Go, Node.js, Python, React and Flutter.",
          },
          {
            image: "analytics",
            title: "Data and QA specialists",
            description: "Data engineers, analysts and test automation engineers for steady, long-term work.",
          },
        ],
      },
    },
    approach: {
      header: { title: "How it works" },
      reasonsSection: {
        reasons: [
          {
            title: "1. Define the role",
            content:
              "A 30-minute call to agree skills, seniority, working hours and the first three months of work.",
            bgClass: "blue",
          },
          {
            title: "2. Meet candidates",
            content:
              "Within five working days you interview a shortlist that has passed our technical tests.",
            bgClass: "green",
          },
          {
            title: "3. Onboard",
            content: "Laptops, VPN, accounts and security training are handled before the first day.",
            bgClass: "amber",
          },
          {
            title: "4. Review monthly",
            content: "A delivery manager checks in with you every month on output, fit and growth.",
            bgClass: "violet",
          },
        ],
      },
    },
    benefits: [
      "Faster hiring: shortlists in five working days and engineers starting in two to three weeks.",
      "Lower cost: save up to 40 percent compared with a local hire of the same seniority.",
      "Flexible scale: add or release engineers with a month's notice as your roadmap changes.",
      "No admin burden: payroll, benefits, equipment and compliance are handled by us.",
      "Continuity: trained backup engineers cover holidays and hand-overs without losing context.",
    ],
    features: {
      header: { title: "Distinctive features" },
      reasonsSection: {
        reasons: [
          {
            title: "You choose every engineer",
            content: "No anonymous resources: you interview, approve and can replace any team member.",
            bgClass: "blue",
          },
          {
            title: "Your hours",
            content: "Engineers work a shift that overlaps your business day by at least four hours.",
            bgClass: "green",
          },
          {
            title: "Secure workstations",
            content: "Managed laptops, disk encryption, MFA and background checks for every engineer.",
            bgClass: "amber",
          },
          {
            title: "Continuous learning",
            content: "Paid certification time keeps your engineers current on the tools you use.",
            bgClass: "violet",
          },
          {
            title: "Clear contracts",
            content: "IP assignment, NDAs and US-law agreements that your legal team will recognise.",
            bgClass: "teal",
          },
          {
            title: "Retention programme",
            content: "Career paths and fair pay keep attrition low, so your team stays together.",
            bgClass: "rose",
          },
        ],
      },
    },
    trust: {
      header: {
        title: "Why companies trust us with their teams",
        subtitle: "People are the service: we hire carefully and look after them.",
      },
      trustSection: {
        title: "Your team, our support",
        description:
          "Our engineers are our employees, not freelancers. They have a manager, a career plan and colleagues who can step in when needed, which is why they stay on your projects for years.",
        description2:
          "We are a DPIIT-recognised startup registered in Tamil Nadu, working with US customers under contracts governed by US law.",
        image: "team",
      },
      reasonsSection: {
        title: "Reasons customers stay",
        reasons: [
          {
            image: "team",
            title: "Low attrition",
            description: "Most engineers stay on the same customer account for more than two years.",
          },
          {
            image: "shield",
            title: "Background checks",
            description:
              "Identity, education and employment are verified before anyone touches your systems.",
          },
          {
            image: "clock",
            title: "Replacement guarantee",
            description:
              "If someone is not the right fit, a replacement is proposed within ten working days.",
          },
          {
            image: "document",
            title: "Transparent reporting",
            description: "Timesheets and monthly output reviews, in your tools or ours.",
          },
        ],
      },
    },
  },
  {
    route: "/l1-support",
    name: "24/7 L1 Support",
    seo: {
      title: "24/7 L1 Support, NOC and Help Desk",
      description:
        "Round-the-clock first-line support for your customers and systems: alert triage, ticket handling, runbook fixes and escalation, staffed every hour of the year.",
    },
    hero: {
      headertitle: "24/7 L1 Support",
      headersubtitle: "Someone is always watching, answering and fixing, every hour of the year.",
      title: "Introduction",
      subtitle:
        "Alerts at 2 a.m., password resets on a Sunday and customer tickets during a holiday weekend all need a fast, polite and correct first response. Our L1 desk in Chennai is staffed around the clock by trained engineers, not just ticket routers.",
      subtitle1:
        "We learn your systems, follow your runbooks and fix the common problems ourselves. What needs your developers is escalated with the logs, the steps already tried and a clear summary, so your L2 team starts from the answer, not the question.",
      btn: "Contact Us",
      urlImg: "svc-support",
      imgAlt: "A headset inside a 24-hour dial beside a queue of answered tickets",
    },
    cards: {
      header: { title: "What our desk handles" },
      reasonsSection: {
        reasons: [
          {
            image: "monitoring",
            title: "Alert triage",
            description:
              "Every alert acknowledged, checked against the runbook and resolved or escalated within agreed times.",
          },
          {
            image: "support",
            title: "Customer tickets",
            description: "E-mail, chat and phone tickets answered in your brand voice, in clear US English.",
          },
          {
            image: "security",
            title: "Routine operations",
            description: "Password resets, access requests, backup checks and service restarts, all logged.",
          },
        ],
      },
    },
    approach: {
      header: { title: "How we take over" },
      reasonsSection: {
        reasons: [
          {
            title: "1. Learn",
            content: "We shadow your team for two weeks and turn what we learn into written runbooks.",
            bgClass: "blue",
          },
          {
            title: "2. Pilot",
            content: "We take night and weekend shifts first, with your team reviewing every ticket.",
            bgClass: "green",
          },
          {
            title: "3. Go live",
            content: "Full 24/7 cover under SLAs for response, resolution and escalation.",
            bgClass: "amber",
          },
          {
            title: "4. Improve",
            content: "Recurring tickets are analysed every month and automated or fixed at the root.",
            bgClass: "violet",
          },
        ],
      },
    },
    benefits: [
      "Real 24/7 cover: nights, weekends and US holidays are staffed by people, not voicemail.",
      "Faster answers: most tickets are acknowledged within 15 minutes and many are solved at first contact.",
      "Quieter nights: your developers are woken only for problems that truly need them.",
      "Lower cost: a shared, trained desk costs far less than three in-house night shifts.",
      "Better data: ticket trends show you which product problems cost the most support time.",
    ],
    features: {
      header: { title: "Distinctive features" },
      reasonsSection: {
        reasons: [
          {
            title: "Runbook driven",
            content: "Every recurring issue has a tested, written procedure that any shift can follow.",
            bgClass: "blue",
          },
          {
            title: "Your tools",
            content: "We work in Jira, Zendesk, ServiceNow, PagerDuty or Opsgenie, whichever you use.",
            bgClass: "green",
          },
          {
            title: "Clear escalation",
            content: "Escalations include logs, timelines and the steps already taken, in a set format.",
            bgClass: "amber",
          },
          {
            title: "Quality reviews",
            content: "A sample of tickets is reviewed every week for accuracy, tone and speed.",
            bgClass: "violet",
          },
          {
            title: "Shift hand-overs",
            content: "Written hand-overs at every shift change, so nothing is lost between people.",
            bgClass: "teal",
          },
          {
            title: "Monthly insights",
            content: "Volumes, response times and top issues, with suggestions to remove the noisiest ones.",
            bgClass: "rose",
          },
        ],
      },
    },
    trust: {
      header: {
        title: "Why businesses trust our support desk",
        subtitle: "Calm, careful people at the front line of your service.",
      },
      trustSection: {
        title: "Support that sounds like you",
        description:
          "Our support engineers are trained on your product and your tone of voice. Customers hear a consistent, helpful answer whether they write at noon or at midnight.",
        description2:
          "The desk runs from our Chennai office with redundant power and internet links, and every action is recorded for your audits.",
        image: "support",
      },
      reasonsSection: {
        title: "Reasons customers stay",
        reasons: [
          {
            image: "headset",
            title: "Human answers",
            description: "Every ticket is read and answered by a trained engineer, never by a bot alone.",
          },
          {
            image: "clock",
            title: "Measured SLAs",
            description: "Response and resolution times reported every month, with credits if we miss them.",
          },
          {
            image: "shield",
            title: "Secure access",
            description: "Named accounts, MFA and recorded sessions for any access to your systems.",
          },
          {
            image: "chart",
            title: "Fewer tickets over time",
            description: "Root-cause work typically removes a fifth of recurring tickets within six months.",
          },
        ],
      },
    },
  },
  {
    route: "/AI-powered-container-platform",
    name: "AI-Powered Container Platform",
    seo: {
      title: "AI-Powered Container Platform (CaaS)",
      description:
        "A managed container-as-a-service platform that uses machine learning to scale, place and heal your workloads, with GPU pools for AI inference and training.",
    },
    hero: {
      headertitle: "AI-Powered Container Platform",
      headersubtitle: "Containers as a service that scales itself before your traffic arrives.",
      title: "Introduction",
      subtitle:
        "Our container-as-a-service platform runs your containers without you running Kubernetes. Push an image or connect a repository, and the platform builds, deploys, secures and scales it across regions.",
      subtitle1:
        "Machine-learning models trained on your traffic history predict load and pre-scale capacity, place workloads on the cheapest suitable nodes and restart unhealthy services before users see an error. GPU pools make it just as easy to serve AI models.",
      btn: "Get Started",
      urlImg: "svc-autoscale",
      imgAlt: "A traffic forecast with the containers scaling up ahead of it",
    },
    cards: {
      header: { title: "What the platform does" },
      reasonsSection: {
        reasons: [
          {
            image: "analytics",
            title: "Predictive autoscaling",
            description:
              "Capacity is added minutes before the forecast peak, not after users feel the slowdown.",
          },
          {
            image: "containers",
            title: "Smart placement",
            description: "Workloads are packed onto spot, reserved or GPU nodes by cost, latency and risk.",
          },
          {
            image: "monitoring",
            title: "Self-healing",
            description:
              "Anomaly detection spots failing pods and bad releases and rolls them back on its own.",
          },
        ],
      },
    },
    approach: {
      header: { title: "How you get started" },
      reasonsSection: {
        reasons: [
          {
            title: "1. Connect",
            content: "Link a Git repository or container registry; the platform detects how to build it.",
            bgClass: "blue",
          },
          {
            title: "2. Deploy",
            content: "Preview environments for every pull request, production on merge.",
            bgClass: "green",
          },
          {
            title: "3. Learn",
            content: "After two weeks of traffic the models forecast your load and tune scaling for you.",
            bgClass: "amber",
          },
          {
            title: "4. Grow",
            content: "Add regions, GPU pools and private networking as your product needs them.",
            bgClass: "violet",
          },
        ],
      },
    },
    benefits: [
      "No cluster to manage: we run the control plane, nodes, upgrades and security patches.",
      "Lower compute spend: predictive scaling and smart placement cut idle capacity by up to half.",
      "Fewer incidents: automated rollbacks and self-healing keep error rates down after releases.",
      "AI-ready: serve models on shared or dedicated GPUs with the same deployment workflow.",
      "Portable: standard OCI images and Kubernetes APIs, so your workloads can always move.",
    ],
    features: {
      header: { title: "Distinctive features" },
      reasonsSection: {
        reasons: [
          {
            title: "Git push deploys",
            content: "Build packs and Dockerfiles are both supported, with cached, reproducible builds.",
            bgClass: "blue",
          },
          {
            title: "GPU pools",
            content: "Fractional and dedicated GPUs for inference and fine-tuning, scheduled by demand.",
            bgClass: "green",
          },
          {
            title: "Private networking",
            content: "VPC peering, private endpoints and mTLS between services, on by default.",
            bgClass: "amber",
          },
          {
            title: "Cost forecasts",
            content: "See next month's bill predicted from your traffic trend, per service.",
            bgClass: "violet",
          },
          {
            title: "Compliance controls",
            content: "Audit logs, encryption at rest and data-residency options for regulated workloads.",
            bgClass: "teal",
          },
          {
            title: "Expert support",
            content: "The same 24/7 engineers who run our managed services answer your platform tickets.",
            bgClass: "rose",
          },
        ],
      },
    },
    trust: {
      header: {
        title: "Why engineering teams trust the platform",
        subtitle: "Automation you can understand and override.",
      },
      trustSection: {
        title: "AI that explains itself",
        description:
          "Every scaling or placement decision the platform takes is logged with the forecast and the reason behind it. You can set limits, pin workloads and switch any automation off at any time.",
        description2:
          "The platform is built on open standards and operated by the same engineers who run production clusters for our managed-services customers.",
        image: "ai-platform",
      },
      reasonsSection: {
        title: "Reasons customers stay",
        reasons: [
          {
            image: "sparkles",
            title: "Explainable decisions",
            description: "See why each scale-up, placement or rollback happened, with the data behind it.",
          },
          {
            image: "server",
            title: "99.9% platform SLA",
            description: "A multi-zone control plane with financially backed availability commitments.",
          },
          {
            image: "lock",
            title: "Tenant isolation",
            description: "Separate namespaces, network policies and encryption keys for every customer.",
          },
          {
            image: "handshake",
            title: "No lock-in",
            description: "Export your manifests and run them on any Kubernetes cluster whenever you like.",
          },
        ],
      },
    },
  },
  {
    route: "/dedicated-AI",
    name: "Dedicated AI Solutions",
    seo: {
      title: "Dedicated AI Solutions: Private Enterprise AI",
      description:
        "A private, dedicated AI assistant trained on your documents and systems, hosted in your own cloud account, with the security controls enterprises need.",
    },
    hero: {
      headertitle: "Dedicated AI Solutions",
      headersubtitle: "A private AI that knows your business and keeps your data in your cloud.",
      title: "Introduction",
      subtitle:
        "Public chatbots are impressive, but few companies can paste contracts, customer records or source code into them. Our dedicated AI runs in a private environment, on open or commercial models, and answers from your own documents, tickets and databases.",
      subtitle1:
        "We deploy it, connect it to your systems with the right permissions, measure its answers against your own test questions and keep it updated as models improve, delivered as a managed service with a monthly subscription.",
      btn: "Get Started",
      urlImg: "svc-private-ai",
      imgAlt: "A private assistant answering from company documents, behind a lock",
    },
    cards: {
      header: { title: "What your AI can do" },
      reasonsSection: {
        reasons: [
          {
            image: "support",
            title: "Answer support questions",
            description:
              "Draft replies from your knowledge base and past tickets, with links to the sources.",
          },
          {
            image: "analytics",
            title: "Search company knowledge",
            description:
              "Ask questions across wikis, policies and contracts and get cited, permission-aware answers.",
          },
          {
            image: "pipeline",
            title: "Automate documents",
            description: "Extract data from invoices, forms and reports straight into your systems.",
          },
        ],
      },
    },
    approach: {
      header: { title: "Our approach" },
      reasonsSection: {
        reasons: [
          {
            title: "1. Pick a use case",
            content: "We start with one process where time saved can be measured within a month.",
            bgClass: "blue",
          },
          {
            title: "2. Connect data",
            content: "Documents and systems are indexed with the same permissions users already have.",
            bgClass: "green",
          },
          {
            title: "3. Evaluate",
            content: "Answers are scored against your test questions before anyone relies on them.",
            bgClass: "amber",
          },
          {
            title: "4. Roll out",
            content: "Training, feedback buttons and monthly reviews as usage grows across teams.",
            bgClass: "violet",
          },
        ],
      },
    },
    benefits: [
      "Private by design: your data stays in your cloud account and is never used to train public models.",
      "Faster work: teams find answers and draft documents in seconds instead of hours.",
      "Grounded answers: every answer cites the documents it came from, so people can check it.",
      "Controlled access: the AI only reads what each user is already allowed to see.",
      "Future-proof: we swap in better models as they appear, without rebuilding your integrations.",
    ],
    features: {
      header: { title: "Distinctive features" },
      reasonsSection: {
        reasons: [
          {
            title: "Your cloud, your keys",
            content: "Deployed in your AWS, Azure or GCP account, encrypted with keys you control.",
            bgClass: "blue",
          },
          {
            title: "Model choice",
            content: "Open-weight or commercial models, chosen by accuracy, cost and data rules.",
            bgClass: "green",
          },
          {
            title: "Connectors",
            content: "SharePoint, Google Drive, Confluence, Jira, Salesforce, Zendesk and SQL databases.",
            bgClass: "amber",
          },
          {
            title: "Guardrails",
            content: "Filters for personal data, prompt-injection checks and topic limits set by you.",
            bgClass: "violet",
          },
          {
            title: "Usage analytics",
            content: "See which questions are asked, which answers helped and where content is missing.",
            bgClass: "teal",
          },
          {
            title: "Managed operations",
            content: "Monitoring, updates and evaluation runs handled by our team every month.",
            bgClass: "rose",
          },
        ],
      },
    },
    trust: {
      header: {
        title: "Why enterprises trust our AI",
        subtitle: "Useful AI, with the controls your security team asks for.",
      },
      trustSection: {
        title: "Built for regulated businesses",
        description:
          "We design every deployment with your security and compliance teams. Data flows are documented, access is logged and personal data can be masked before it ever reaches a model.",
        description2:
          "Deployments can be aligned with GDPR and HIPAA requirements, and all processing stays in the cloud region you choose.",
        image: "ai-brain",
      },
      reasonsSection: {
        title: "Reasons customers stay",
        reasons: [
          {
            image: "lock",
            title: "Data never leaves",
            description:
              "Processing happens inside your environment; no prompts go to shared public services.",
          },
          {
            image: "document",
            title: "Cited answers",
            description: "Every answer links to its sources, so people can verify before acting.",
          },
          {
            image: "chart",
            title: "Measured quality",
            description: "Accuracy is tracked against your own test set after every change.",
          },
          {
            image: "gear",
            title: "Fully managed",
            description: "We run, monitor and improve the system, so your team only uses it.",
          },
        ],
      },
    },
  },
];

/** Looks a service page up by its route (case-sensitive, as in SPEC). */
export function serviceByRoute(route: string): ServicePage | undefined {
  return SERVICE_PAGES.find((s) => s.route === route);
}
