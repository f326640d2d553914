/**
 * The CDN cache tag of the trust center's on-demand answers (/trust, the subprocessors' feed and
 * list, the documents' list): a change to a subprocessor or a document purges it.
 */
export const TRUST_TAGS = ["trust"];
