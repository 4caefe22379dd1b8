/**
 * What the two renderers of the form tell a visitor, read back from a real Chromium: the
 * accessibility tree (what a screen reader is told of each control), and what the tree leaves
 * out (a honeypot hidden from it, where a link opens). `widget/field-table.spec.ts` compares the
 * widget's drawing with the page's without JavaScript through these.
 */
import type { Page } from '@playwright/test';

/** What a screen reader is told of one control or group. */
export interface Told {
  role: string;
  name: string;
  description: string;
  required: boolean;
  invalid: boolean;
}

/** The roles of the controls a visitor fills in. */
export const FIELD_ROLES = new Set(['textbox', 'combobox', 'radio', 'checkbox', 'group', 'Date']);

interface AXValue {
  value?: string | boolean;
}
interface AXNode {
  nodeId: string;
  ignored: boolean;
  role?: AXValue;
  name?: AXValue;
  description?: AXValue;
  properties?: { name: string; value: AXValue }[];
  childIds?: string[];
  backendDOMNodeId?: number;
}

/**
 * The nodes of the page with one of `roles`, in reading order, as Chromium's accessibility tree
 * has them. The tree names `required` on text boxes only, so for selects, radios and boxes it is
 * read from the element the node stands for (what the browser checks before a plain post).
 */
export async function toldOf(page: Page, roles: ReadonlySet<string> = FIELD_ROLES) {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AXNode[] };
  const byId = new Map(nodes.map((node) => [node.nodeId, node]));
  const inOrder = (node: AXNode): AXNode[] => [
    node,
    ...(node.childIds ?? []).flatMap((id) => {
      const child = byId.get(id);
      return child ? inOrder(child) : [];
    }),
  ];
  const property = (node: AXNode, name: string) =>
    node.properties?.find((p) => p.name === name)?.value.value;
  const requiredElement = async (node: AXNode) => {
    const { object } = await cdp.send('DOM.resolveNode', {
      backendNodeId: node.backendDOMNodeId ?? 0,
    });
    const { result } = await cdp.send('Runtime.callFunctionOn', {
      objectId: object.objectId ?? '',
      functionDeclaration: 'function () { return this.required === true; }',
      returnByValue: true,
    });
    return result.value === true;
  };
  const shown = inOrder(nodes[0] as AXNode).filter(
    (node) => !node.ignored && roles.has(String(node.role?.value)),
  );
  const told: Told[] = [];
  for (const node of shown) {
    told.push({
      role: String(node.role?.value),
      name: String(node.name?.value ?? '').trim(),
      description: String(node.description?.value ?? '')
        .replace(/\s+/g, ' ')
        .trim(),
      required: property(node, 'required') === true || (await requiredElement(node)),
      invalid: ![undefined, 'false'].includes(property(node, 'invalid') as string | undefined),
    });
  }
  await cdp.detach();
  return told;
}

/** One piece of the form as drawn, beyond what the accessibility tree says of it. */
export type Drawn =
  | { honeypot: string; label: string; type: string; tabIndex: number; autocomplete: string }
  | { link: string; href: string; target: string; rel: string }
  | { files: string; multiple: boolean }
  | { box: string };

/**
 * The form's honeypot, links, boxes and file input in document order (the widget's in its shadow
 * root): what a bot finds and a person never reaches (a control inside `aria-hidden`), where
 * each link opens, what files the browser's picker offers.
 */
export function drawnOf(page: Page): Promise<Drawn[]> {
  return page.evaluate(() => {
    const root = document.querySelector('enquiry-form')?.shadowRoot ?? document;
    const found = root.querySelectorAll<HTMLInputElement | HTMLAnchorElement>(
      'form a, form input[type=checkbox], form input[type=file], form [aria-hidden=true] input',
    );
    return [...found].map((element): Drawn => {
      if (element instanceof HTMLAnchorElement)
        return {
          link: element.text.trim(),
          href: element.href,
          target: element.target,
          rel: element.rel,
        };
      if (element.closest('[aria-hidden=true]'))
        return {
          honeypot: element.name,
          label: root.querySelector(`label[for="${element.id}"]`)?.textContent.trim() ?? '',
          type: element.type,
          tabIndex: element.tabIndex,
          autocomplete: element.autocomplete,
        };
      if (element.type === 'file') return { files: element.accept, multiple: element.multiple };
      return { box: element.name };
    });
  });
}
