/** Copy of the home page (SPEC section 2, "Home page sections, in order"). */
import { site } from "../config/site";
import type { IconName } from "../shared/common/icons";
import type { ServiceCard } from "./types";

export const HOW_WE_HELP: readonly ServiceCard[] = [
  {
    icon: "cloud",
    title: "Cloud Managed Services",
    content:
      "We monitor, patch, back up and optimise your AWS, Azure or Google Cloud estate around the clock.",
    route: "/managed-cloud-services",
  },
  {
    icon: "containers",
    title: "Managed Container Orchestration",
    content:
      "Production Kubernetes kept upgraded, secure and right-sized, with GitOps delivery for your teams.",
    route: "/managed-container-service",
  },
  {
    icon: "database",
    title: "Data Warehousing Solutions",
    content: "Pipelines, models and dashboards that give every team the same trusted numbers.",
    route: "/data-warehousing",
  },
  {
    icon: "code",
    title: "Microservice Development",
    content: "New services and monolith modernisation, with tests, pipelines and observability built in.",
    route: "/microservice-development",
  },
  {
    icon: "team",
    title: "Resource Outsourcing",
    content: "Vetted DevOps, cloud, data and software engineers who join your team and work your hours.",
    route: "/outsourcing",
  },
  {
    icon: "headset",
    title: "24/7 L1 Support",
    content: "A staffed help desk and NOC that answers, fixes and escalates at any hour of the year.",
    route: "/l1-support",
  },
];

export const PRODUCTS: readonly ServiceCard[] = [
  {
    icon: "containers",
    title: "AI-Powered Container Platform",
    content:
      "Container as a service that forecasts your traffic, scales ahead of it and heals failing workloads on its own. Push an image; we run the rest.",
    route: "/AI-powered-container-platform",
  },
  {
    icon: "sparkles",
    title: "Dedicated AI Solutions",
    content:
      "A private enterprise AI, hosted in your own cloud, that answers from your documents and systems with the permissions your people already have.",
    route: "/dedicated-AI",
  },
];

export const AGILITY: readonly { icon: IconName; title: string; text: string }[] = [
  {
    icon: "scale",
    title: "Scale on demand",
    text: "Capacity, engineers and support hours grow with your customers, without new hiring rounds.",
  },
  {
    icon: "bolt",
    title: "Ship faster",
    text: "Automated pipelines and a platform team on call let your developers release every day.",
  },
  {
    icon: "savings",
    title: "Spend smarter",
    text: "Monthly cost reviews and an India-based delivery team cut operating costs by up to 40 percent.",
  },
];

export interface RecognitionCard {
  icon: IconName;
  title: string;
  text: string;
  link?: { label: string; href: string };
}

export const RECOGNITION: readonly RecognitionCard[] = [
  {
    icon: "flag",
    title: "Startup India and Tamil Nadu",
    text: "Registered under the Startup India programme and with the Tamil Nadu startup mission (StartupTN).",
  },
  {
    icon: "award",
    title: "DPIIT recognised",
    text: `Recognised as a startup by the Department for Promotion of Industry and Internal Trade, Government of India (certificate ${site.certificate.number}).`,
    link: { label: "View the certificate (PDF)", href: site.certificate.file },
  },
  {
    icon: "cloud",
    title: "Cloud founders programme",
    text: "Member of a major cloud provider's programme for startup founders, with architecture reviews and credits.",
  },
];

export const WHY_MANAGED = {
  title: "Why Managed Services?",
  paragraphs: [
    "Running IT in-house means hiring for every skill you might need, covering nights and weekends, and keeping up with tools that change every quarter. For most growing businesses that is a distraction from the work customers actually pay for.",
    "A managed-services partner gives you a complete team for a predictable monthly fee: cloud engineers, Kubernetes specialists, data engineers and a 24/7 support desk, with the processes and tooling already in place. You keep control of your systems and your roadmap; we keep them running, secure and efficient.",
    "Because our delivery centre is in Chennai, India, you get senior engineers at a cost that makes round-the-clock cover affordable, with working hours that overlap your US business day.",
  ],
};
