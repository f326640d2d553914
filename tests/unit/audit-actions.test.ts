/**
 * Every action the code records has a label on the audit screen. The actions are read from the
 * code itself: each call of the recorders (recordAudit, recordAudited, recordAuth) under
 * src/server, with the type the TypeScript checker gives its action (a literal, a union of
 * literals, or a template such as `comment.${action}`, expanded). A call whose action is a plain
 * string the checker cannot narrow fails the test: a label could not be checked for it.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { actionLabel, AUDIT_ACTIONS, whoLabel } from "../../src/shared/audit/actions";

const ROOT = path.resolve(import.meta.dirname, "../..");
const RECORDERS = new Set(["recordAudit", "recordAudited", "recordAuth"]);
/** The recorders themselves pass their parameter on; what they are given is read at their callers. */
const RECORDER_FILE = path.join(ROOT, "src/server/common/audit.ts");

function serverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory()
      ? serverFiles(path.join(dir, d.name))
      : d.name.endsWith(".ts")
        ? [path.join(dir, d.name)]
        : [],
  );
}

/** Each recorded action with where it is recorded ("file:line"). */
function recordedActions(): { actions: Map<string, string[]>; unread: string[]; calls: number } {
  const files = serverFiles(path.join(ROOT, "src/server")).filter(
    (f) => f !== RECORDER_FILE && /record(Audit|Audited|Auth)\(/.test(readFileSync(f, "utf8")),
  );
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: ["node"],
  });
  const checker = program.getTypeChecker();
  const actions = new Map<string, string[]>();
  const unread: string[] = [];
  let calls = 0;

  const literals = (type: ts.Type): string[] | undefined => {
    const parts = type.isUnion() ? type.types : [type];
    const out: string[] = [];
    for (const t of parts) {
      if (!t.isStringLiteral()) return undefined;
      out.push(t.value);
    }
    return out;
  };

  for (const file of files) {
    const source = program.getSourceFile(file)!;
    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        RECORDERS.has(node.expression.text) &&
        node.arguments.length >= 3
      ) {
        calls++;
        const arg = node.arguments[2]!;
        const where = `${path.relative(ROOT, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
        let type = checker.getTypeAtLocation(arg);
        if (node.expression.text !== "recordAuth") {
          const prop = checker.getPropertyOfType(type, "action");
          type = prop ? checker.getTypeOfSymbolAtLocation(prop, arg) : checker.getAnyType();
        }
        const found = literals(type);
        if (!found) unread.push(`${where}: ${checker.typeToString(type)}`);
        for (const a of found ?? []) actions.set(a, [...(actions.get(a) ?? []), where]);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { actions, unread, calls };
}

describe("the audit trail's action labels", () => {
  const found = recordedActions();

  it("reads an action from every recording call", () => {
    expect(found.calls).toBeGreaterThan(30);
    expect(found.unread).toEqual([]);
  });

  it("has a label for every action the code records", () => {
    const unlabelled = [...found.actions.keys()].filter((a) => !Object.hasOwn(AUDIT_ACTIONS, a));
    expect(unlabelled).toEqual([]);
    for (const a of found.actions.keys()) expect(actionLabel(a)).not.toBe(a);
  });

  it("has no label for an action nothing records", () => {
    const unused = Object.keys(AUDIT_ACTIONS).filter((a) => !found.actions.has(a));
    expect(unused).toEqual([]);
  });

  it("gives labels people read, each once", () => {
    const labels = Object.entries(AUDIT_ACTIONS).map(([, v]) => v.label);
    for (const l of labels) expect(l).toMatch(/^[A-Z][^.]*[a-z)]$/);
    // Two actions may read alike only when who acted tells them apart (staff or the person).
    const twice = labels.filter((l, i) => labels.indexOf(l) !== i);
    expect(twice).toEqual(["Personal data erased"]);
  });

  it("says who acted when no account is named", () => {
    expect(whoLabel(null, "privacy.erase_self")).toBe("the person, by self-service");
    expect(whoLabel(null, "application.withdraw")).toBe("the person, by self-service");
    expect(whoLabel(null, "auth.login_failed")).toBe("unknown account");
    expect(whoLabel(null, "privacy.housekeeping")).toBe("the site (automatic)");
    expect(whoLabel("admin@company.example", "privacy.erase")).toBe("admin@company.example");
    // An action no longer recorded (older entries) is shown as stored.
    expect(actionLabel("lead.retired")).toBe("lead.retired");
  });
});
