import type { Config } from "@netlify/functions";
import { buyerInquiry, slotsForBuyer } from "../../src/server/contact/booking-offer";
import { endpoint } from "../../src/server/http/endpoint";
import { readAckToken } from "../../src/server/http/cookies";
import { bookingSlotsApi } from "../../src/shared/booking/api";

/** The buyer's free times: the thank-you page's cookie, or the acknowledgement mail's token. */
export default endpoint(bookingSlotsApi, async ({ deps, req, query }) => {
  const inquiryId = await buyerInquiry(deps, { ackToken: readAckToken(req), token: query.token });
  const { timeZone, slots } = await slotsForBuyer(deps, inquiryId, query.timeZone);
  return { timeZone, slots };
});

export const config: Config = { path: "/api/booking-slots" };
