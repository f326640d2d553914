import type { Config } from "@netlify/functions";
import { endpoints, on } from "../../src/server/http/endpoint";
import { deleteSubprocessor, updateSubprocessor } from "../../src/server/trust/subprocessors";
import { deleteSubprocessorApi, updateSubprocessorApi } from "../../src/shared/trust/api";

/** Each change is dated in the feed of changes. */
export default endpoints(
  on(updateSubprocessorApi, async ({ deps, actor, params: { id }, body }) => {
    const subprocessor = await updateSubprocessor(deps, actor, id, body);
    return { subprocessor, message: `${subprocessor.name} saved` };
  }),
  on(deleteSubprocessorApi, async ({ deps, actor, params: { id } }) => {
    await deleteSubprocessor(deps, actor, id);
    return { id, message: "Subprocessor removed" };
  }),
);

export const config: Config = { path: "/api/subprocessors/:id" };
