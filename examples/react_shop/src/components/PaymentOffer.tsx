import { useId, type Ref } from 'react';

export type ProductType = 'instalments' | 'pay_later' | 'pay_in_4';

const LABEL: Record<ProductType, string> = {
  instalments: 'Pay in instalments',
  pay_later: 'Pay in 15 days',
  pay_in_4: 'Pay in 4',
};
const INFORMATION: Record<ProductType, string> = {
  instalments: 'Spread the cost over monthly instalments.',
  pay_later: 'Nothing to pay today.',
  pay_in_4: 'Four payments, the first today.',
};

interface Props {
  type: ProductType;
  amount: number;
  currency: string;
  onChoose?: () => void;
  /** The SDK's button, for a parent that follows its availability (useAvailability). */
  ref?: Ref<HTMLButtonElement>;
}

/** One of the service's payment buttons with its information. The SDK shows them when the
 * service offers the product for the amount; `hidden` keeps them out of sight until then. */
export function PaymentOffer({ type, amount, currency, onChoose, ref }: Props) {
  // data-service-button="X" pairs buttons and information across the whole page: an offer used
  // once per product card needs a name of its own, or one card's information would show with
  // another card's button.
  const group = `offer-${useId()}`;
  return (
    <div className="offer">
      <button
        ref={ref}
        type="button"
        data-service-button={group}
        data-amount={amount}
        data-currency={currency}
        data-product-type={type === 'instalments' ? undefined : type}
        hidden
        onClick={onChoose}
      >
        {LABEL[type]}
      </button>
      <p data-service-payment-info={group} hidden>
        {INFORMATION[type]}
      </p>
    </div>
  );
}
