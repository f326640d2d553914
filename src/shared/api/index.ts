/**
 * Every /api endpoint's contract (src/shared/api/contract.ts), by feature. A function of
 * netlify/functions answers exactly the contracts of its `config.path`
 * (tests/unit/api-contracts.test.ts), and the OpenAPI document is written from this list.
 * Islands import the feature files they call, not this index.
 */
import { ASSIGNMENT } from "./assignment";
import { AUDIT } from "./audit";
import { BLOG } from "./blog";
import { BLOG_ADMIN } from "./blog-admin";
import { CAREERS } from "./careers";
import { CAREERS_ADMIN } from "./careers-admin";
import { CONTACT } from "./contact";
import type { Contract } from "./contract";
import { LEADS } from "./leads";
import { PLATFORM } from "./platform";
import { PRIVACY } from "./privacy";
import { STAFF_API } from "./staff";
import { WEBHOOKS } from "./webhooks";

export const FEATURES: Readonly<Record<string, readonly Contract[]>> = {
  contact: CONTACT,
  leads: LEADS,
  assignment: ASSIGNMENT,
  careers: CAREERS,
  "careers admin": CAREERS_ADMIN,
  blog: BLOG,
  "blog admin": BLOG_ADMIN,
  staff: STAFF_API,
  privacy: PRIVACY,
  audit: AUDIT,
  webhooks: WEBHOOKS,
  platform: PLATFORM,
};

/** The whole catalogue. */
export const CONTRACTS: readonly Contract[] = Object.values(FEATURES).flat();
