import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { toCsv } from "../../src/server/common/csv";

const cellOf = (value: string) => Papa.parse<string[]>(toCsv(["a"], [[value]])).data[1]![0];

describe("CSV cells a spreadsheet would run as a formula", () => {
  it.each([
    ["=1+1", "'=1+1"],
    ["+1+1", "'+1+1"],
    ["+1646 A1", "'+1646 A1"],
    ["+16465550100\n=cmd", "'+16465550100\n=cmd"],
    ["-1", "'-1"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tTab", "'\tTab"],
    ["\rReturn", "'\rReturn"],
    ["＝1+1", "'＝1+1"],
    ["＋1", "'＋1"],
    ["－1", "'－1"],
    ["＠SUM(A1)", "'＠SUM(A1)"],
    ["=one\nline two", "'=one\nline two"],
  ])("neutralises %j", (value, cell) => expect(cellOf(value)).toBe(cell));

  it.each(["Plain", "1+1", "a=b", "e-mail", "name@example.com", "Ｆull width letters", "+16465550100", "+1"])(
    "keeps %j as it is",
    (value) => expect(cellOf(value)).toBe(value),
  );
});
