import { formatProductPrice } from '@quizlead/shared/engine/products.ts';
import { currentLanguage, t } from '@quizlead/shared/i18n/translate.ts';
import type { TRecommendedProduct } from '@quizlead/shared/schemas/products.ts';
import { useEffect, useState } from 'react';
import { CartError, findStorefrontCart, type StorefrontCart } from './cart.ts';

interface Props {
  products: TRecommendedProduct[];
  /** The line-item properties that credit an order to this quiz and outcome. */
  cartProperties: Record<string, string>;
}

/** cart/add.js wants the numeric variant id (Shopify's legacyResourceId). */
function variantNumber(variantId: string | null): number | null {
  const id = variantId === null ? NaN : Number(variantId);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The result's recommended products: image, title, price and a link to the product page (in the shop's
 * own window on a storefront, a new tab elsewhere), with Add to cart where the shop's cart is reachable.
 */
export function ProductCards({ products, cartProperties }: Props) {
  const [cart, setCart] = useState<StorefrontCart | null>(null);
  const canAdd = products.some((product) => variantNumber(product.variantId) !== null);
  useEffect(() => (canAdd ? findStorefrontCart(setCart) : undefined), [canAdd]);
  if (products.length === 0) return null;
  return (
    <section className="ql-products" aria-labelledby="ql-products-heading">
      <h3 id="ql-products-heading" className="ql-products__heading">
        {t('products.heading')}
      </h3>
      <ul className="ql-products__list">
        {products.map((product) => (
          <ProductCard key={product.id} product={product} cart={cart} cartProperties={cartProperties} />
        ))}
      </ul>
    </section>
  );
}

type AddState = { name: 'idle' } | { name: 'adding' } | { name: 'added' } | { name: 'failed'; message: string };

function ProductCard({
  product,
  cart,
  cartProperties,
}: {
  product: TRecommendedProduct;
  cart: StorefrontCart | null;
  cartProperties: Record<string, string>;
}) {
  const [state, setState] = useState<AddState>({ name: 'idle' });
  const variant = variantNumber(product.variantId);

  const add = () => {
    if (!cart || variant === null || state.name === 'adding') return;
    setState({ name: 'adding' });
    cart.add([{ id: variant, quantity: 1, properties: cartProperties }]).then(
      () => setState({ name: 'added' }),
      (error: unknown) =>
        setState({
          name: 'failed',
          message: (error instanceof CartError && error.message) || t('products.addFailed'),
        }),
    );
  };

  const picture = product.imageUrl ? (
    <img className="ql-product__image" src={product.imageUrl} alt="" loading="lazy" />
  ) : (
    <span className="ql-product__image ql-product__image--none" aria-hidden="true" />
  );
  const title = <span className="ql-product__title">{product.title}</span>;
  return (
    <li className="ql-product">
      {product.url ? (
        <a
          className="ql-product__link"
          href={product.url}
          // On a storefront the product page opens in the shop itself; elsewhere beside the quiz.
          target={cart ? '_top' : '_blank'}
          rel={cart ? undefined : 'noopener'}
        >
          {picture}
          {title}
        </a>
      ) : (
        <div className="ql-product__link">
          {picture}
          {title}
        </div>
      )}
      <p className="ql-product__price">{formatProductPrice(product.price, product.currency, currentLanguage())}</p>
      {cart && variant !== null ? (
        <>
          <button type="button" className="ql-button ql-product__add" onClick={add} aria-disabled={state.name === 'adding'}>
            {state.name === 'adding'
              ? t('products.adding')
              : state.name === 'added'
                ? t('products.added')
                : t('products.addToCart')}
            {/* Which product, for screen readers: several cards each have this button. */}
            <span className="qp-sr">{` ${product.title}`}</span>
          </button>
          <p className={state.name === 'failed' ? 'ql-product__status ql-product__status--error' : 'qp-sr'} role="status">
            {state.name === 'failed'
              ? state.message
              : state.name === 'added'
                ? t('products.addedNamed', { product: product.title })
                : ''}
          </p>
        </>
      ) : null}
    </li>
  );
}
