/** Copy of the About page (SPEC section 2, "About page"). */
import type { IconName } from "../shared/common/icons";
import { site } from "../config/site";

export const ABOUT = {
  banner: {
    title: "Engineers who keep American businesses running",
    text: `${site.name} is an IT managed-services company founded in Chennai in 2021. We run cloud platforms, containers, data and support desks for companies across the United States.`,
  },
  aboutUs: [
    `We started ${site.name} because growing companies kept telling us the same story: the cloud made them faster, then operating it slowed them down. Today our engineers look after production systems for SaaS, retail, logistics and healthcare businesses, with a support desk that never closes.`,
    "We are a DPIIT-recognised startup registered in Tamil Nadu. Our team works from Chennai with hours that overlap the US business day, and our customers' systems are watched every hour of the year.",
  ],
  vision:
    "To be the most trusted operations partner for growing businesses, so that any company can run world-class infrastructure without building a large IT department.",
  mission:
    "To keep our customers' systems secure, available and affordable through skilled engineers, clear processes and honest reporting, and to grow careers in technology in India while we do it.",
};

export const CORE_VALUES: readonly { icon: IconName; title: string; text: string }[] = [
  {
    icon: "handshake",
    title: "Trust",
    text: "We do what we say, and we tell you early when something is at risk.",
  },
  {
    icon: "team",
    title: "Customer Centric",
    text: "Decisions start with what helps your business, not what is easy for us.",
  },
  {
    icon: "check",
    title: "Quality",
    text: "Reviewed changes, tested restores and written runbooks, every time.",
  },
  {
    icon: "eye",
    title: "Transparency",
    text: "Tickets, changes and costs are visible to you, in plain language.",
  },
  {
    icon: "layers",
    title: "Flexibility",
    text: "Contracts, team sizes and tooling adapt as your needs change.",
  },
  {
    icon: "sparkles",
    title: "Innovation",
    text: "We automate the routine and bring new tools only when they add value.",
  },
  {
    icon: "clock",
    title: "On-Schedule",
    text: "Plans have dates, and we report progress against them every week.",
  },
  {
    icon: "gear",
    title: "Adaptability",
    text: "New clouds, new regulations, new teams: we learn fast and adjust.",
  },
];

export const ABOUT_SECTIONS = {
  clientCentric: {
    title: "Client-Centric Approach",
    paragraphs: [
      "Every customer has a named delivery manager and a fixed team of engineers who learn their systems in depth. We agree service levels, reporting and escalation paths before we start, and we review them together every month.",
      "We measure ourselves by your outcomes: fewer incidents, faster releases, lower bills and calmer nights for your staff.",
    ],
  },
  expertise: {
    title: "Team Expertise",
    paragraphs: [
      "Our engineers hold AWS, Azure, Google Cloud, Kubernetes (CKA, CKS) and data platform certifications, and most have more than five years of production experience.",
    ],
    skills: [
      "AWS, Azure and Google Cloud",
      "Kubernetes, Docker and GitOps",
      "Terraform and Ansible",
      "Snowflake, BigQuery and dbt",
      "Go, Java, Node.js and Python",
      "Prometheus, Grafana and ELK",
    ],
  },
  security: {
    title: "Security & Compliance",
    paragraphs: [
      "Security is part of every service, not an add-on. Engineers use named accounts with multi-factor authentication and short-lived credentials; every change is logged and reviewed.",
      "We help customers meet GDPR and HIPAA obligations with encryption at rest and in transit, data-processing agreements, access reviews and documented incident response. Background checks and security training are mandatory for all staff.",
    ],
  },
  whyChoose: {
    title: "Why Choose Us",
    reasons: [
      "A senior, certified team at a cost that makes 24/7 cover realistic.",
      "Working hours that overlap your US business day.",
      "Clear monthly reports on uptime, changes, tickets and spend.",
      "No lock-in: your accounts, code and documentation stay yours.",
      "One partner for cloud, containers, data, development and support.",
    ],
  },
};
