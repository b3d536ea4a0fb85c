/**
 * A theme's product page for bench/storefront.ts, shaped like Shopify's Dawn on a phone: a header with
 * the menu and cart, the product's image (the page's largest paint, with its size in the markup as
 * Shopify's `image_tag` writes it), title, price, a variant picker and the add-to-cart form, the
 * description, the app block's Apps section under the product, a row of related products and the footer,
 * then the theme's app embeds at the end of the body. Like Dawn, the theme loads one render-blocking
 * stylesheet and a deferred script of about Dawn's weight (`themeAssets`); its fonts are the system's.
 */
import { crc32, deflateSync } from 'node:zlib';

export const productImagePath = '/cdn/shop/files/ceramic-mug.png';
const assetsPath = '/cdn/shop/t/1/assets';

/**
 * The product photo: a 750 × 750 PNG (the width Dawn's srcset picks for Lighthouse's phone) with a
 * gradient and grain, some 330 KB: a heavy photo, so the page's largest paint comes at about 3 s on
 * Lighthouse's simulated phone, as on most stores' product pages, where each 0.1 s more costs about a
 * point (on a page at 100 an app's cost hides under the rounding).
 */
export function productImage(): Buffer {
  const size = 750;
  const rows = Buffer.alloc(size * (1 + size * 3));
  let seed = 17;
  for (let y = 0; y < size; y++) {
    const row = y * (1 + size * 3);
    rows[row] = 0; // no filter
    for (let x = 0; x < size; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const grain = (seed >> 16) & 1;
      const at = row + 1 + x * 3;
      rows[at] = 200 - ((x + y) >> 3) + grain;
      rows[at + 1] = 162 - ((x + y) >> 3) + grain;
      rows[at + 2] = 124 - (y >> 3) + grain;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const check = Buffer.alloc(4);
    check.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, check]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const css = `*,*::before,*::after{box-sizing:border-box}
body{margin:0;font:16px/1.6 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#121212;background:#fff;letter-spacing:.04em}
a{color:inherit}
.announcement{margin:0;padding:10px 16px;text-align:center;font-size:13px;background:#121212;color:#fff}
.header{display:flex;align-items:center;justify-content:space-between;gap:16px;padding:16px 20px;border-bottom:1px solid #e8e8e8}
.header__logo{font-size:22px;font-weight:700;text-decoration:none}
.header__icons{display:flex;gap:16px}
.header__icon{display:inline-block;width:24px;height:24px;border:2px solid #121212;border-radius:50%}
.page-width{max-width:1200px;margin:0 auto;padding:0 20px}
.product{display:grid;gap:24px;padding:24px 0}
@media (min-width:750px){.product{grid-template-columns:55% 1fr;gap:48px;padding:48px 0}}
.product__media img{display:block;width:100%;height:auto;border-radius:4px;background:#f3f3f3}
.product__vendor{margin:0;font-size:12px;text-transform:uppercase;letter-spacing:.13em;color:#555}
.product__title{margin:4px 0 12px;font-size:28px;line-height:1.3;font-weight:400}
.price{margin:0 0 16px;font-size:18px}
.price s{margin-right:8px;color:#777}
.badge{display:inline-block;margin-left:8px;padding:2px 10px;border-radius:40px;background:#121212;color:#fff;font-size:12px}
.field{display:block;margin:0 0 16px}
.field label{display:block;margin-bottom:6px;font-size:14px}
.field select,.field input{width:100%;max-width:440px;padding:12px;border:1px solid #121212;border-radius:0;font:inherit;background:#fff}
.quantity{max-width:140px}
.button{display:block;width:100%;max-width:440px;margin:0 0 12px;padding:14px 24px;border:1px solid #121212;font:inherit;font-size:15px;letter-spacing:.1em;cursor:pointer}
.button--primary{background:#121212;color:#fff}
.button--secondary{background:#fff;color:#121212}
.product__description{margin-top:24px;max-width:560px;color:#333}
.shopify-app-block{margin:0 auto;max-width:760px}
.related{padding:36px 0;border-top:1px solid #e8e8e8}
.related h2{font-size:22px;font-weight:400}
.related ul{display:grid;grid-template-columns:repeat(2,1fr);gap:12px;margin:0;padding:0;list-style:none}
@media (min-width:750px){.related ul{grid-template-columns:repeat(4,1fr)}}
.card__media{aspect-ratio:1;border-radius:4px;background:linear-gradient(135deg,#d9c3a5,#8a6a4f)}
.card__title{margin:8px 0 0;font-size:15px}
.footer{padding:36px 20px;background:#f3f3f3;font-size:14px}
.footer ul{margin:0;padding:0;list-style:none}`;

/**
 * The theme's stylesheet and script, by path: the page's own rules, then rules and code standing in
 * for the rest of Dawn's base.css (some 80 KB) and global.js (some 45 KB): the browser must fetch and
 * parse that much before and after the first paint, whatever the rules and code say.
 */
export function themeAssets(): Map<string, { type: string; body: string }> {
  const rules = Array.from(
    { length: 1300 },
    (_, index) =>
      `.theme-rule-${index}{margin:${index % 7}px ${index % 5}px;padding:${index % 3}px;color:#${(index * 4099).toString(16).padStart(6, '0').slice(-6)}}`,
  ).join('\n');
  const code = Array.from(
    { length: 240 },
    (_, index) =>
      `function themeHelper${index}(element){if(!element)return null;const value=element.getAttribute('data-value-${index}');return value?value.split(',').map((part)=>part.trim()).filter(Boolean).length+${index}:${index}}`,
  ).join('\n');
  return new Map([
    [`${assetsPath}/base.css`, { type: 'text/css', body: `${css}\n${rules}` }],
    [
      `${assetsPath}/global.js`,
      {
        type: 'text/javascript',
        body: `${code}\ncustomElements.define('quantity-input',class extends HTMLElement{connectedCallback(){themeHelper0(this)}});`,
      },
    ],
  ]);
}

const related = ['Espresso cup', 'Pour-over kettle', 'House blend, 250 g', 'Linen tea towel']
  .map(
    (title, index) =>
      `<li><a href="/products/related-${index + 1}"><div class="card__media" role="img" aria-label="${title}"></div><p class="card__title">${title}</p><p>€${12 + index * 7}.00</p></a></li>`,
  )
  .join('');

/**
 * The product page with `block` (the app block's rendered Liquid, or '') in an Apps section under the
 * product, or at the top of the page with `blockOnTop` (where it is in view at once), and `embeds`
 * before `</body>`.
 */
export function productPage({
  block,
  embeds,
  blockOnTop = false,
}: {
  block: string;
  embeds: string;
  blockOnTop?: boolean;
}): string {
  const appsSection = block ? `<section class="page-width shopify-app-block" aria-label="Apps">${block}</section>` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Ceramic coffee mug – Bean &amp; Brew</title>
<meta name="description" content="Stoneware mug, 300 ml, made in Portugal.">
<link rel="preload" as="image" href="${productImagePath}" fetchpriority="high">
<link rel="stylesheet" href="${assetsPath}/base.css">
<script src="${assetsPath}/global.js" defer></script>
</head><body>
<p class="announcement">Free shipping on orders over €40</p>
<header class="header"><a class="header__logo" href="/">Bean &amp; Brew</a>
<nav class="header__icons" aria-label="Shop"><a class="header__icon" href="/search" aria-label="Search"></a><a class="header__icon" href="/cart" aria-label="Cart"></a></nav></header>
<main id="MainContent">
${blockOnTop ? appsSection : ''}
<section class="page-width product">
<div class="product__media"><img src="${productImagePath}" alt="A ceramic coffee mug in sand glaze" width="750" height="750" fetchpriority="high"></div>
<div class="product__info">
<p class="product__vendor">Bean &amp; Brew</p>
<h1 class="product__title">Ceramic coffee mug</h1>
<p class="price"><s>€22.00</s>€18.00<span class="badge">Sale</span></p>
<form method="post" action="/cart/add">
<div class="field"><label for="Color">Color</label><select id="Color" name="id"><option value="1001">Sand</option><option value="1002">Charcoal</option><option value="1003">Sage</option></select></div>
<div class="field quantity"><label for="Quantity">Quantity</label><input id="Quantity" type="number" name="quantity" value="1" min="1"></div>
<button class="button button--secondary" type="submit" name="add">Add to cart</button>
<button class="button button--primary" type="button">Buy it now</button>
</form>
<div class="product__description"><p>Thrown by hand in stoneware and glazed in sand, this 300 ml mug keeps your coffee warm to the last sip. Dishwasher and microwave safe.</p>
<p>Made in a family workshop near Coimbra, Portugal. Each piece is a little different.</p></div>
</div></section>
${blockOnTop ? '' : appsSection}
<section class="page-width related"><h2>You may also like</h2><ul>${related}</ul></section>
</main>
<footer class="footer"><ul><li><a href="/pages/contact">Contact</a></li><li><a href="/policies/refund-policy">Refund policy</a></li></ul><p>© 2026, Bean &amp; Brew</p></footer>
${embeds}
</body></html>`;
}
