/**
 * The service overview (/service), its AI variant (/service/ai, linked from /product), the plan
 * cards of SPEC section 9 (no prices: every plan leads to sales) and the Get Started page.
 */
import type { IconName } from "../shared/common/icons";
import { CONTACT_PATH, site } from "../config/site";
import type { PlanCard, ServiceCard } from "./types";

/** Route of the AI variant of the service overview (SPEC leaves it open). */
export const AI_OVERVIEW_PATH = "/service/ai";

export const OVERVIEW = {
  hero: {
    title: "Features of Our Managed Services",
    text: "Six services, one accountable team. Pick what you need today and add the rest as you grow; every service comes with 24/7 monitoring, monthly reporting and engineers who know your systems.",
  },
};

export const HIGHLIGHTED: readonly ServiceCard[] = [
  {
    icon: "cloud",
    title: "Cloud Service",
    content:
      "Round-the-clock operation of AWS, Azure and Google Cloud: monitoring, patching, backups, security hardening and monthly cost optimisation, under one SLA.",
    route: "/managed-cloud-services",
  },
  {
    icon: "containers",
    title: "Container Management",
    content:
      "Managed Kubernetes on EKS, AKS, GKE or your own servers, with zero-downtime upgrades, GitOps delivery, policy enforcement and autoscaling tuned to real traffic.",
    route: "/managed-container-service",
  },
];

export const MORE_SERVICES: readonly ServiceCard[] = [
  {
    icon: "database",
    title: "Data Warehousing",
    content: "ELT pipelines, tested models and dashboards on Snowflake, BigQuery, Redshift or PostgreSQL.",
    route: "/data-warehousing",
  },
  {
    icon: "code",
    title: "Microservice Development",
    content: "APIs and services in Go, Java, Node.js and Python, and step-by-step monolith modernisation.",
    route: "/microservice-development",
  },
  {
    icon: "team",
    title: "Resource Outsourcing",
    content: "Dedicated engineers you interview and choose, working your hours inside your tools.",
    route: "/outsourcing",
  },
  {
    icon: "headset",
    title: "24/7 L1 Support",
    content: "A help desk and NOC staffed every hour of the year, following your runbooks.",
    route: "/l1-support",
  },
];

/** SPEC section 9 plans. Savings claim: 'plan savings up to 80%'. */
export const PLANS: readonly PlanCard[] = [
  {
    name: "Startup Plan",
    summary: "For young products that need reliable backups and a safety net.",
    items: [
      { type: "mark", text: "Weekly backups" },
      { type: "text", text: "48 restore points" },
      { type: "text", text: "1TB protected storage" },
      { type: "paragraph", text: "Save up to 80% against building the same cover in-house." },
      { type: "link", text: "Talk to sales", href: CONTACT_PATH },
    ],
    features: [
      { icon: "backup", caption: "Weekly backups" },
      { icon: "shield", caption: "Encrypted storage" },
    ],
  },
  {
    name: "Medium Enterprise",
    badge: "Recommended",
    summary: "For growing companies that cannot afford a lost day of data.",
    items: [
      { type: "mark", text: "Daily backups" },
      { type: "text", text: "365 restore points" },
      { type: "text", text: "3TB protected storage" },
      { type: "text", text: "Site recovery to a second region" },
      { type: "paragraph", text: "Save up to 80% against building the same cover in-house." },
      { type: "link", text: "Talk to sales", href: CONTACT_PATH },
    ],
    features: [
      { icon: "backup", caption: "Daily backups" },
      { icon: "globe", caption: "Site recovery" },
    ],
  },
  {
    name: "Large Enterprise",
    summary: "For businesses whose systems must never stop.",
    items: [
      { type: "mark", text: "Hourly and daily backups" },
      { type: "text", text: "Site recovery with rehearsed fail-over" },
      { type: "text", text: "DevOps integration with your pipelines" },
      { type: "paragraph", text: "Save up to 80% against building the same cover in-house." },
      { type: "link", text: "Talk to sales", href: CONTACT_PATH },
    ],
    features: [
      { icon: "clock", caption: "Hourly backups" },
      { icon: "gear", caption: "DevOps integration" },
    ],
  },
];

export const AI_OVERVIEW = {
  hero: {
    title: "AI Services for Your Business",
    text: "Two ways to put AI to work: a container platform that runs your workloads intelligently, and a private AI trained on your own knowledge.",
  },
  cards: [
    {
      icon: "containers",
      title: "Container as a Service Platform",
      content:
        "Run containers and AI models without running Kubernetes. Predictive autoscaling, smart placement on spot and GPU nodes, and self-healing releases, operated by our 24/7 team.",
      route: "/AI-powered-container-platform",
    },
    {
      icon: "sparkles",
      title: "Personalized AI",
      content:
        "A dedicated AI assistant hosted in your cloud account that answers from your documents, tickets and databases, with citations and the access rules your people already have.",
      route: "/dedicated-AI",
    },
  ] as const satisfies readonly ServiceCard[],
};

export const GET_STARTED: {
  title: string;
  text: string;
  steps: { icon: IconName; title: string; text: string }[];
} = {
  title: `Get started with ${site.name}`,
  text: "From first call to a running service in four steps. No long sales cycle and no prices to decode: we scope the work with you and send a written proposal.",
  steps: [
    {
      icon: "phone",
      title: "Tell us what you run",
      text: "Share your cloud, platforms and pain points through the contact form or a 30-minute call.",
    },
    {
      icon: "eye",
      title: "Free assessment",
      text: "An engineer reviews your environment and lists the biggest risks and savings we can see.",
    },
    {
      icon: "document",
      title: "Proposal within 24 hours",
      text: "A written scope, service levels and team plan, sent within 24 hours of our discussion.",
    },
    {
      icon: "rocket",
      title: "Onboarding in two weeks",
      text: "Access, monitoring and runbooks set up, then we take over the daily work under the agreed SLA.",
    },
  ],
};
