// Ordered XML for fast-xml-parser's XMLBuilder (preserveOrder): elements as arrays, so the
// element order is the schema's and the output is the same bytes for the same document.
import { XMLBuilder } from "fast-xml-parser";

export type Node = Record<string, unknown>;

/** An element with text, or with children (absent children are dropped), and attributes. */
export function el(
  name: string,
  content: string | (Node | null | undefined | false)[],
  attrs?: Record<string, string>,
): Node {
  const children =
    typeof content === "string" ? [{ "#text": content }] : content.filter((c): c is Node => Boolean(c));
  const node: Node = { [name]: children };
  if (attrs) node[":@"] = Object.fromEntries(Object.entries(attrs).map(([k, v]) => [`@_${k}`, v]));
  return node;
}

/** An element only when its text is present (Peppol forbids empty elements, PEPPOL-EN16931-R008). */
export function opt(
  name: string,
  text: string | null | undefined,
  attrs?: Record<string, string>,
): Node | null {
  return text === null || text === undefined || text === "" ? null : el(name, text, attrs);
}

const builder = new XMLBuilder({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  format: true,
  indentBy: "  ",
  suppressEmptyNode: false,
  processEntities: true,
});

export function buildXml(root: Node): string {
  const declaration = { "?xml": [{ "#text": "" }], ":@": { "@_version": "1.0", "@_encoding": "UTF-8" } };
  return builder.build([declaration, root]) as string;
}
