"""`<style>` sheets written into each element's own `style`, as a browser applies them.

Illustrator writes `.st0{fill:#E52521}` classes; a face is drawn layer by layer, and a
sheet that is a layer of its own would style nothing in the others. Inlined, every rule
reaches its elements whatever layer they land in, and the normaliser's later steps see
each property where it applies. cssselect2 and tinycss2 are svglib's own dependencies.
A rule pnp cannot apply (an @media or @font-face block, a :hover selector) is refused."""

from __future__ import annotations

from pathlib import Path

from lxml import etree

from pnp.render import presentation as css
from pnp.render.refusals import refuse


def inline(root: etree._Element, origin: str | None, reference_root: Path) -> None:
    """Apply and remove every <style> element of `root` (none: nothing is touched)."""
    sheets = [el for el in root.iter("{*}style", "style") if css.local(el) == "style"]
    if not sheets:
        return
    import cssselect2
    import tinycss2

    rules: list[tuple[tuple[int, int, int], int, object, list[tuple[str, str]]]] = []
    for sheet in sheets:
        kind = (sheet.get("type") or "text/css").strip().lower()
        if kind != "text/css":
            raise refuse(f"a <style> of type {kind!r}", ("<style",), origin, reference_root)
        parsed = tinycss2.parse_stylesheet(sheet.text or "", skip_comments=True,
                                           skip_whitespace=True)
        for rule in parsed:
            if rule.type == "at-rule":
                raise refuse(f"the CSS rule @{rule.lower_at_keyword}", (f"@{rule.at_keyword}",),
                             origin, reference_root)
            if rule.type == "error":
                raise refuse(f"CSS it cannot read ({rule.message})", ("<style",), origin,
                             reference_root)
            try:
                selectors = cssselect2.compile_selector_list(rule.prelude)
            except Exception as exc:  # noqa: BLE001 - SelectorError, or worse on odd CSS
                text = tinycss2.serialize(rule.prelude).strip()
                raise refuse(f"the CSS selector {text[:40]!r} ({exc})", (text[:30],),
                             origin, reference_root) from exc
            found = _declarations(rule.content)
            for selector in selectors:
                if selector.pseudo_element is not None:
                    raise refuse(f"the CSS pseudo-element ::{selector.pseudo_element}",
                                 ("::",), origin, reference_root)
                rules.append((selector.specificity, len(rules), selector, found))
    for sheet in sheets:
        parent = sheet.getparent()
        if parent is not None:
            parent.remove(sheet)
    _apply(root, sorted(rules, key=lambda r: (r[0], r[1])))


def _declarations(content: list) -> list[tuple[str, str]]:
    import tinycss2

    found = []
    for decl in tinycss2.parse_blocks_contents(content, skip_comments=True,
                                               skip_whitespace=True):
        if decl.type == "declaration":
            value = tinycss2.serialize(decl.value).strip()
            found.append((decl.lower_name, value))
    return found


def _apply(root: etree._Element, rules: list) -> None:
    """Matched declarations in cascade order, under the element's own style (which wins)."""
    import cssselect2

    wrapper = cssselect2.ElementWrapper.from_xml_root(root)
    for element in wrapper.iter_subtree():
        el = element.etree_element
        if not isinstance(el.tag, str):
            continue
        merged: dict[str, str] = {}
        for _, _, selector, found in rules:
            if selector.test(element):
                merged.update(found)
        if merged:
            merged.update(css.declarations(el))
            el.set("style", ";".join(f"{k}:{v}" for k, v in merged.items()))
