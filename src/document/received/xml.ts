// The safe XML reader of received e-invoices (saxes, namespace-aware): a document type
// declaration of any kind (entities, external DTDs: XXE and billion laughs) is refused, and so are
// elements nested deeper than MAX_XML_DEPTH, more than MAX_XML_ELEMENTS elements and anything not
// well-formed. Elements are matched by namespace URI and local name, never by prefix.
import { SaxesParser } from "saxes";
import { InvalidEInvoice } from "./types";

/** How deep elements may nest: an e-invoice's deepest path is some 12 levels; XRechnung's nested sub-lines go further. */
export const MAX_XML_DEPTH = 64;

/** The elements a document may hold: some 30 a line, so room for several thousand lines. */
export const MAX_XML_ELEMENTS = 250_000;

/** The attributes an element may carry (an e-invoice's carry one or two). */
const MAX_ATTRIBUTES = 32;

const NO_ATTRIBUTES: Readonly<Record<string, string>> = Object.freeze({});

export interface XmlElement {
  /** The namespace URI ("" for none). */
  uri: string;
  /** The local name. */
  name: string;
  /** Attributes in no namespace by local name (schemeID, unitCode, currencyID, format). */
  attributes: Readonly<Record<string, string>>;
  children: XmlElement[];
  /** A leaf's text, trimmed of the white space around it ("" for an element with children). */
  text: string;
}

/** The text of the XML: UTF-8 unless a byte order mark or the declaration names another encoding. */
function decode(bytes: Uint8Array): string {
  let label = "utf-8";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) label = "utf-16be";
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) label = "utf-16le";
  else {
    const head = String.fromCharCode(...bytes.subarray(0, 200));
    const declared = /^(?:\uFEFF|\xEF\xBB\xBF)?<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(
      head,
    );
    if (declared?.[1]) label = declared[1].toLowerCase();
  }
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label, { fatal: true, ignoreBOM: false });
  } catch {
    throw new InvalidEInvoice(`the XML's encoding ${label.slice(0, 40)} is not supported: send UTF-8`);
  }
  try {
    return decoder.decode(bytes);
  } catch {
    throw new InvalidEInvoice(`the XML is not valid ${label} text`);
  }
}

/** Reads the XML into elements; throws InvalidEInvoice for anything refused. */
export function readXml(bytes: Uint8Array): XmlElement {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let elements = 0;
  let text = "";
  const fail = (reason: string): never => {
    throw new InvalidEInvoice(`${reason} (line ${parser.line})`);
  };

  parser.on("error", (error) =>
    fail(`not well-formed XML: ${error.message.replace(/^[^:]*:\d+:\d+: /, "")}`),
  );
  parser.on("doctype", () => fail("a document type declaration (DTD, entities) is not accepted"));
  parser.on("opentag", (tag) => {
    if (stack.length >= MAX_XML_DEPTH) fail(`elements nested deeper than ${MAX_XML_DEPTH} levels`);
    if (++elements > MAX_XML_ELEMENTS) fail(`more than ${MAX_XML_ELEMENTS} elements`);
    // Most elements carry none: they share one empty record (a document's tree is kept whole).
    let attributes: Record<string, string> | null = null;
    let count = 0;
    for (const attribute of Object.values(tag.attributes)) {
      if (++count > MAX_ATTRIBUTES) fail(`an element with more than ${MAX_ATTRIBUTES} attributes`);
      if (attribute.uri) continue;
      attributes ??= {};
      attributes[attribute.local] = attribute.value;
    }
    const element: XmlElement = {
      uri: tag.uri,
      name: tag.local,
      attributes: attributes ?? NO_ATTRIBUTES,
      children: [],
      text: "",
    };
    stack.at(-1)?.children.push(element);
    stack.push(element);
    root ??= element;
    text = "";
  });
  parser.on("text", (chunk) => {
    text += chunk;
  });
  parser.on("cdata", (chunk) => {
    text += chunk;
  });
  parser.on("closetag", () => {
    const element = stack.pop();
    if (element && element.children.length === 0) element.text = text.trim();
    text = "";
  });
  parser.write(decode(bytes)).close();
  if (!root) fail("no root element");
  return root as unknown as XmlElement;
}

/**
 * Reading elements by paths of prefixed names ("cac:Party/cbc:Name"), each prefix mapped to its
 * namespace URI by the syntax (`namespaces`); the document's own prefixes play no part.
 */
export function pathReader(namespaces: Record<string, string>) {
  const parsed = new Map<string, { uri: string; name: string }[]>();
  const stepsOf = (path: string) => {
    let steps = parsed.get(path);
    if (!steps) {
      steps = path.split("/").map((step) => {
        const [prefix, name] = step.split(":") as [string, string];
        const uri = namespaces[prefix];
        if (uri === undefined || !name) throw new Error(`unknown prefix in path ${path}`);
        return { uri, name };
      });
      parsed.set(path, steps);
    }
    return steps;
  };
  /** Every element at the path below `from`. */
  const all = (from: XmlElement | undefined, path: string): XmlElement[] => {
    let found = from ? [from] : [];
    for (const step of stepsOf(path)) {
      found = found.flatMap((element) =>
        element.children.filter((child) => child.name === step.name && child.uri === step.uri),
      );
    }
    return found;
  };
  const first = (
    from: XmlElement,
    steps: { uri: string; name: string }[],
    at: number,
  ): XmlElement | undefined => {
    const step = steps[at];
    if (!step) return from;
    for (const child of from.children) {
      if (child.name !== step.name || child.uri !== step.uri) continue;
      const found = first(child, steps, at + 1);
      if (found) return found;
    }
    return undefined;
  };
  /** The first element at the path below `from`, in document order. */
  const one = (from: XmlElement | undefined, path: string): XmlElement | undefined =>
    from ? first(from, stepsOf(path), 0) : undefined;
  /** The text at the path, null when the element is absent or empty. */
  const text = (from: XmlElement | undefined, path: string): string | null => one(from, path)?.text || null;
  return { all, one, text };
}
