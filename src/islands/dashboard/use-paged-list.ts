/**
 * One page of a staff list, loaded whenever its query changes: the rows under `key` in the
 * answer, and the page's figures for the Pager. `query` null holds the list (a filter the server
 * would refuse, such as a reversed date range). `reload` fetches the same page again after a change.
 */
import { useCallback, useEffect, useState } from "react";
import type { Contract, QueryOf, ResponseOf } from "../../shared/api/contract";
import type { Route } from "../../shared/api/route";
import type { CallInput } from "../lib/api-client";
import { api } from "./api";
import type { PageInfo } from "./admin-ui";

type RowOf<C extends Contract, K extends keyof ResponseOf<C>> = ResponseOf<C>[K] extends readonly (infer R)[]
  ? R
  : never;

export function usePagedList<C extends Contract, K extends keyof ResponseOf<C> & string>(
  route: Route<C>,
  key: K,
  query: QueryOf<C> | null,
  fail: (err: unknown) => void,
) {
  const [rows, setRows] = useState<RowOf<C, K>[] | null>(null);
  const [info, setInfo] = useState<PageInfo | null>(null);
  // The query as a value, so that the same filters do not load the page again.
  const wanted = query === null ? null : JSON.stringify(query);
  const reload = useCallback(async () => {
    if (wanted === null) return;
    try {
      const input = { query: JSON.parse(wanted) as QueryOf<C> } as CallInput<C>;
      const data = await (api as (r: Route<C>, i: CallInput<C>) => Promise<ResponseOf<C>>)(route, input);
      setRows(data[key] as RowOf<C, K>[]);
      setInfo(data as PageInfo);
    } catch (err) {
      fail(err);
    }
  }, [route, key, wanted, fail]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { rows, setRows, info, reload };
}
