import type { Config } from "@netlify/functions";
import { endpoints, on } from "../../src/server/http/endpoint";
import { respond } from "../../src/server/http/responses";
import { cdnCache } from "../../src/server/platform/cdn";
import { TRUST_TAGS } from "../../src/server/trust/cache-tags";
import { addSubprocessor, listSubprocessors } from "../../src/server/trust/subprocessors";
import { addSubprocessorApi, subprocessorsApi } from "../../src/shared/trust/api";

/** The list is public (and cached until a change); editors add to it. */
export default endpoints(
  on(subprocessorsApi, async ({ deps }) =>
    respond(
      subprocessorsApi,
      { subprocessors: await listSubprocessors(deps) },
      { headers: cdnCache(TRUST_TAGS) },
    ),
  ),
  on(addSubprocessorApi, async ({ deps, actor, body }) => {
    const subprocessor = await addSubprocessor(deps, actor, body);
    return { subprocessor, message: `${subprocessor.name} added` };
  }),
);

export const config: Config = { path: "/api/subprocessors" };
