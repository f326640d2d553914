/**
 * One page of a staff list, loaded whenever its address changes: the rows under `key` in the
 * answer, and the page's figures for the Pager. `url` null holds the list (a filter the server
 * would refuse, such as a reversed date range). `reload` fetches the same page again after a change.
 */
import { useCallback, useEffect, useState } from "react";
import { api } from "./api";
import type { PageInfo } from "./admin-ui";

export function usePagedList<T, K extends string>(key: K, url: string | null, fail: (err: unknown) => void) {
  const [rows, setRows] = useState<T[] | null>(null);
  const [info, setInfo] = useState<PageInfo | null>(null);
  const reload = useCallback(async () => {
    if (url === null) return;
    try {
      const data = await api<PageInfo & Record<K, T[]>>(url);
      setRows(data[key]);
      setInfo(data);
    } catch (err) {
      fail(err);
    }
  }, [key, url, fail]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { rows, setRows, info, reload };
}
