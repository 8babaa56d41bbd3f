// Scripts that run inside the page (in our isolated world, see isolatedWorld.ts). Kept as plain
// JavaScript strings, not serialised functions:
// a transpiler's helpers (tsx's __name, coverage counters) would not exist in the page.
// Each script is one expression; its arguments are spliced in as JSON.

/** Lists forms in document order with stable handles; shared by reading, filling and submitting. */
const FORMS_LIB = String.raw`
function agenticForms() {
  var out = [];
  var forms = Array.prototype.slice.call(document.forms);
  for (var fi = 0; fi < forms.length; fi++) {
    var form = forms[fi];
    var els = Array.prototype.slice.call(form.elements);
    var nameCount = {}, used = {}, radios = {}, fields = [], buttons = [];
    els.forEach(function (el) { if (el.name) nameCount[el.name] = (nameCount[el.name] || 0) + 1; });
    var uniq = function (h) { var k = h, i = 2; while (used[k]) k = h + '#' + i++; used[k] = true; return k; };
    var labelOf = function (el) {
      var l = el.labels && el.labels[0] ? el.labels[0].innerText : '';
      return (l || el.getAttribute('aria-label') || el.getAttribute('placeholder') || el.title || '').replace(/\s+/g, ' ').trim();
    };
    for (var n = 0; n < els.length; n++) {
      var el = els[n], tag = el.tagName.toLowerCase();
      var type = (el.getAttribute('type') || (tag === 'button' ? 'submit' : tag)).toLowerCase();
      if (tag === 'fieldset' || tag === 'output' || tag === 'object' || el.disabled) continue;
      if (tag === 'button' || type === 'submit' || type === 'image') {
        if (type !== 'submit' && type !== 'image') continue;
        var bl = (el.innerText || el.value || el.alt || el.name || 'Submit').replace(/\s+/g, ' ').trim();
        buttons.push({ el: el, handle: uniq(el.name || el.id || 'button' + (buttons.length + 1)), label: bl });
        continue;
      }
      if (type === 'hidden' || type === 'file' || type === 'reset' || type === 'button') continue;
      if (type === 'radio') {
        var key = el.name || 'field' + (n + 1), group = radios[key];
        if (!group) {
          var legend = el.closest('fieldset') && el.closest('fieldset').querySelector('legend');
          group = radios[key] = { handle: uniq(key), kind: 'radio', inputType: 'radio', label: legend ? legend.innerText.trim() : '', value: '', required: false, options: [], els: [] };
          fields.push(group);
        }
        group.options.push({ value: el.value, label: labelOf(el) });
        group.els.push(el);
        if (el.checked) group.value = el.value;
        if (el.required) group.required = true;
        continue;
      }
      var h = type === 'checkbox' && el.name && nameCount[el.name] > 1 ? el.name + '=' + el.value : el.name || el.id || 'field' + (n + 1);
      var field = { handle: uniq(h), kind: 'text', inputType: type, label: labelOf(el), value: el.value, required: !!el.required, options: [], els: [el] };
      if (type === 'checkbox') { field.kind = 'checkbox'; field.value = el.checked ? 'on' : 'off'; }
      else if (tag === 'select') { field.kind = 'select'; field.inputType = 'select'; field.options = Array.prototype.map.call(el.options, function (o) { return { value: o.value, label: o.text.replace(/\s+/g, ' ').trim() }; }); }
      else if (tag === 'textarea') { field.kind = 'textarea'; field.inputType = 'textarea'; }
      fields.push(field);
    }
    out.push({ el: form, handle: 'f' + (fi + 1), action: form.action, method: (form.getAttribute('method') || 'get').toLowerCase(), fields: fields, buttons: buttons });
  }
  return out;
}
function agenticForm(handle) {
  var f = agenticForms().find(function (x) { return x.handle === handle; });
  if (!f) throw new Error('no form ' + handle + ' on this page');
  return f;
}`;

// Hidden-text checks, cheapest first: the native visibility check, then computed style, and the
// layout box only where the style makes an off-screen or zero-size trick possible.
const HIDDEN_LIB = String.raw`
function agenticIsHidden(el) {
  if (el.hidden || el.getAttribute('aria-hidden') === 'true') return true;
  if (el.checkVisibility && !el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return true;
  var s = getComputedStyle(el);
  if (s.display === 'none' || s.visibility === 'hidden' || s.visibility === 'collapse' || s.opacity === '0') return true;
  if (s.fontSize === '0px' || s.color === 'rgba(0, 0, 0, 0)' || s.color === 'transparent') return true;
  if (s.clipPath === 'inset(50%)' || s.clip === 'rect(0px, 0px, 0px, 0px)' || s.clip === 'rect(1px, 1px, 1px, 1px)') return true;
  if (s.textIndent.charAt(0) === '-' && parseFloat(s.textIndent) < -999) return true;
  var positioned = s.position === 'absolute' || s.position === 'fixed' || s.position === 'relative';
  if (!positioned && s.overflow === 'visible' && s.transform === 'none') return false;
  var r = el.getBoundingClientRect();
  if ((r.width <= 1 || r.height <= 1) && (s.overflow !== 'visible' || s.position === 'absolute')) return true;
  return r.right < -100 || r.bottom < -100;
}`;

/** The page's own main-content element (its single <article>, else <main>), or null: then Readability decides. */
export const ROOT_EXPRESSION = String.raw`(function () {
  var articles = document.querySelectorAll('article');
  var root = articles.length === 1 ? articles[0] : document.querySelector('main, [role=main]');
  return root && (root.textContent || '').trim().length >= 500 ? root : null;
})()`;

/**
 * In-page: a clone of the main content (or of the whole page) without its hidden elements, walked
 * only as far as the text budget reaches. The live page is never modified (no marker attributes:
 * they would force a restyle, and the page could see them). Hidden elements are found on the live
 * tree and removed from a clone walked in step.
 */
const VISIBLE_CLONE_LIB = String.raw`
function agenticVisibleClone(root, MAX) {
  var clone = (root || document.documentElement).cloneNode(true);
  var liveStart = root || document.body;
  var copyStart = root ? clone : clone.querySelector('body');
  var visible = 0;
  var walk = function (live, copy) {
    var l = live.firstElementChild, c = copy.firstElementChild;
    while (l && c) {
      var ln = l.nextElementSibling, cn = c.nextElementSibling;
      if (agenticIsHidden(l)) c.remove();
      else {
        // An element's own text (a paragraph's words around its links) counts where it stands.
        if (!l.firstElementChild) visible += (l.textContent || '').length;
        else for (var t = l.firstChild; t; t = t.nextSibling) if (t.nodeType === 3) visible += t.data.length;
        // Only as far as the text budget reaches: the rest of a huge page is dropped unread, in one
        // range deletion (removing thousands of siblings one by one costs more than reading them).
        if (visible > MAX * 1.2) {
          var rest = document.createRange();
          rest.setStartAfter(c);
          rest.setEndAfter(clone.lastChild || clone);
          rest.deleteContents();
          return true;
        }
        if (l.firstElementChild && walk(l, c)) return true;
      }
      l = ln; c = cn;
    }
    return false;
  };
  if (liveStart && copyStart) walk(liveStart, copyStart);
  return clone;
}`;

/** In-page: the links (300 at most) and forms a user can see on the live page, with the handles actions name them by. */
const LINKS_AND_FORMS_LIB = String.raw`
function agenticShown(el) { return !el.checkVisibility || el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }); }
function agenticLinks() {
  var links = [], seen = {};
  document.querySelectorAll('a[href]').forEach(function (a) {
    if (links.length >= 300 || seen[a.href] || !agenticShown(a)) return;
    seen[a.href] = true;
    var img = a.querySelector('img[alt]');
    links.push({ text: (a.innerText || a.title || (img && img.alt) || '').replace(/\s+/g, ' ').trim(), url: a.href });
  });
  return links;
}
function agenticVisibleForms() {
  return agenticForms().filter(function (f) { return agenticShown(f.el) && f.el.getClientRects().length > 0; }).map(function (f) {
    return { handle: f.handle, action: f.action, method: f.method, buttons: f.buttons.map(function (b) { return { handle: b.handle, label: b.label }; }),
      fields: f.fields.filter(function (x) { return x.els.some(agenticShown); }).map(function (x) {
        return { handle: x.handle, kind: x.kind, inputType: x.inputType, label: x.label, value: x.value, required: x.required, options: x.options }; }) };
  });
}`;

/** In-page: the clone without the page's chrome (scripts, navigation, forms, asides), images as their alt text. */
const STRIP_CHROME_LIB = String.raw`
function agenticStripChrome(clone) {
  clone.querySelectorAll('script, style, noscript, template, iframe, object, embed, svg, canvas, dialog, nav, aside, form, button, select, input, textarea, [role=navigation], [role=banner], [role=contentinfo], [role=complementary], [role=dialog], [role=alertdialog]').forEach(function (el) { el.remove(); });
  clone.querySelectorAll('header, footer').forEach(function (el) { if (!el.parentElement || !el.parentElement.closest('article, main')) el.remove(); });
  clone.querySelectorAll('img').forEach(function (img) {
    var alt = (img.getAttribute('alt') || '').replace(/\s+/g, ' ').trim();
    img.replaceWith(document.createTextNode(alt ? '[image: ' + alt + ']' : ''));
  });
}`;

/** In-page: the content to convert (Readability's article when the page has no root of its own) and the text budget's cut. */
const MAIN_CONTENT_LIB = String.raw`
function agenticMainContent(clone, root, title) {
  if (root) return { content: clone, title: title };
  var doc = document.implementation.createHTMLDocument(title);
  doc.documentElement.replaceWith(doc.importNode(clone, true));
  var body = doc.body;
  try {
    var article = new Readability(doc, { charThreshold: 200 }).parse();
    if (article && article.content && (article.textContent || '').trim().length > 200) {
      var holder = document.createElement('template');
      holder.innerHTML = article.content;
      var content = document.createElement('div');
      content.appendChild(holder.content);
      return { content: content, title: article.title || title };
    }
    return { content: body || clone, title: title };
  } catch (e) { return { content: body || clone, title: title }; }
}
function agenticTrim(node, budget) {
  var kids = Array.prototype.slice.call(node.childNodes);
  for (var i = 0; i < kids.length; i++) {
    var kid = kids[i], len = (kid.textContent || '').length;
    if (budget <= 0) { kid.remove(); continue; }
    if (len > budget && kid.nodeType === 1 && kid.childNodes.length > 1) { budget = agenticTrim(kid, budget); continue; }
    budget -= len;
  }
  return budget;
}`;

/**
 * Reads the page: hidden text and chrome removed, the main content found (a page's single
 * <article> or its <main> when it has one, Readability otherwise), cut to `maxChars` before the
 * Markdown conversion so a huge page costs what the model will read, not what the page holds.
 */
export function readPageScript(maxChars: number): string {
  return String.raw`(() => {
  ${FORMS_LIB}
  ${HIDDEN_LIB}
  ${VISIBLE_CLONE_LIB}
  ${LINKS_AND_FORMS_LIB}
  ${STRIP_CHROME_LIB}
  ${MAIN_CONTENT_LIB}
  var MAX = ${JSON.stringify(maxChars)};
  var root = ${ROOT_EXPRESSION};
  var clone = agenticVisibleClone(root, MAX);
  var links = agenticLinks();
  var forms = agenticVisibleForms();
  agenticStripChrome(clone);
  var main = agenticMainContent(clone, root, document.title || '');
  agenticTrim(main.content, MAX);
  var td = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '*' });
  td.addRule('linkText', { filter: 'a', replacement: function (text) { return text; } });
  var markdown = td.turndown(main.content);
  return { url: location.href, title: main.title.replace(/\s+/g, ' ').trim(), markdown: markdown, links: links, forms: forms };
})()`;
}

export function fillFormScript(form: string, values: { handle: string; value: string }[]): string {
  return String.raw`(() => {
  ${FORMS_LIB}
  var f = agenticForm(${JSON.stringify(form)});
  var values = ${JSON.stringify(values)};
  var fire = function (el) { el.dispatchEvent(new Event('input', { bubbles: true })); el.dispatchEvent(new Event('change', { bubbles: true })); };
  values.forEach(function (v) {
    var field = f.fields.find(function (x) { return x.handle === v.handle; });
    if (!field) throw new Error('form ' + f.handle + ' has no field ' + v.handle);
    if (field.kind === 'checkbox') { var box = field.els[0]; if (box.checked !== (v.value === 'on')) box.click(); if (box.checked !== (v.value === 'on')) { box.checked = v.value === 'on'; fire(box); } return; }
    if (field.kind === 'radio') {
      var radio = field.els.find(function (e) { return e.value === v.value; });
      if (!radio) throw new Error(v.handle + ' has no option ' + v.value);
      radio.click(); if (!radio.checked) { radio.checked = true; fire(radio); } return;
    }
    var el = field.els[0];
    var proto = el.tagName === 'TEXTAREA' ? HTMLTextAreaElement.prototype : el.tagName === 'SELECT' ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
    var setter = Object.getOwnPropertyDescriptor(proto, 'value').set;
    el.focus();
    setter.call(el, v.value);
    fire(el);
  });
  return true;
})()`;
}

export function submitFormScript(form: string, button: string | null): string {
  return String.raw`(() => {
  ${FORMS_LIB}
  var f = agenticForm(${JSON.stringify(form)});
  var wanted = ${JSON.stringify(button)};
  var b = wanted === null ? f.buttons[0] : f.buttons.find(function (x) { return x.handle === wanted; });
  if (wanted !== null && !b) throw new Error('form ' + f.handle + ' has no button ' + wanted);
  setTimeout(function () { if (b) b.el.click(); else if (f.el.requestSubmit) f.el.requestSubmit(); else f.el.submit(); }, 0);
  return true;
})()`;
}

export function scrapeResultsScript(selectors: { item: string; title: string; link: string; snippet: string }): string {
  return String.raw`(() => {
  var S = ${JSON.stringify(selectors)};
  var text = function (el) { return el ? (el.innerText || el.textContent || '').replace(/\s+/g, ' ').trim() : ''; };
  var results = [];
  document.querySelectorAll(S.item).forEach(function (item) {
    if (results.length >= 30) return;
    var a = item.querySelector(S.link);
    if (!a || !a.getAttribute('href')) return;
    results.push({ title: text(item.querySelector(S.title)) || text(a), url: a.href, snippet: text(item.querySelector(S.snippet)) });
  });
  return { url: location.href, title: document.title, textStart: document.body ? document.body.innerText.slice(0, 3000) : '', results: results };
})()`;
}
