/**
 * Every /api endpoint's contract (src/shared/api/contract.ts), by feature. A function of
 * netlify/functions answers exactly the contracts of its `config.path`
 * (tests/unit/api-contracts.test.ts), and the OpenAPI document is written from this list.
 * Islands import the feature files they call, not this index.
 */
import { ASSIGNMENT } from "../contact/assignment-api";
import { AUDIT } from "../audit/api";
import { BLOG } from "../blog/api";
import { BOOKING } from "../booking/api";
import { BLOG_ADMIN } from "../blog/admin-api";
import { CAREERS } from "../careers/api";
import { CAREERS_ADMIN } from "../careers/admin-api";
import { CONTACT } from "../contact/api";
import type { Contract } from "./contract";
import { LEADS } from "../contact/leads-api";
import { PLATFORM } from "./platform";
import { PRIVACY } from "../privacy/api";
import { SITE } from "../site/api";
import { STAFF_API } from "../staff/api";
import { TRUST } from "../trust/api";
import { WEBHOOKS } from "../webhooks/api";

export const FEATURES: Readonly<Record<string, readonly Contract[]>> = {
  contact: CONTACT,
  leads: LEADS,
  booking: BOOKING,
  assignment: ASSIGNMENT,
  careers: CAREERS,
  "careers admin": CAREERS_ADMIN,
  blog: BLOG,
  "blog admin": BLOG_ADMIN,
  staff: STAFF_API,
  site: SITE,
  privacy: PRIVACY,
  audit: AUDIT,
  webhooks: WEBHOOKS,
  trust: TRUST,
  platform: PLATFORM,
};

/** The whole catalogue. */
export const CONTRACTS: readonly Contract[] = Object.values(FEATURES).flat();
