import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { CheckoutHandle } from 'service-js';

import { sdk } from '../sdk';
import type { ProductType } from './PaymentOffer';

interface Props {
  product: string;
  quantity: number;
  type: ProductType;
  label: string;
}

type Step = 'ready' | 'starting' | 'open' | 'cancelled' | 'failed';

const SAY: Partial<Record<Step, string>> = {
  cancelled: 'Payment cancelled. Your order is still here when you are ready.',
  failed: 'Payment is unavailable right now. Please try again later.',
};

/** Creates the checkout on the shop's server and opens it; its outcome moves the router. The
 * checkout belongs to this component: leaving the page (Back, a link) closes it. */
export function PayButton({ product, quantity, type, label }: Props) {
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('ready');
  const checkout = useRef<CheckoutHandle | null>(null);

  // The cleanup runs when the component unmounts: the overlay it opened goes with it (the SDK
  // reports `dismiss` if nothing was decided), rather than staying over the next route.
  useEffect(() => () => checkout.current?.close(), []);

  async function pay() {
    setStep('starting');
    try {
      const answer = await fetch('/api/checkouts', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ product, quantity, type }),
      });
      const service = await sdk();
      if (!answer.ok || !service) throw new Error(`the shop could not start a checkout (${answer.status})`);
      const created = (await answer.json()) as { id: string; order: string };
      checkout.current = service.checkout(created.id, {
        onClose: () => {
          checkout.current = null;
        },
        onSuccess: () => navigate(`/thank-you?order=${created.order}`),
        onPending: () => navigate(`/thank-you?order=${created.order}&pending=1`),
        onKO: () => navigate('/declined'),
        onDismiss: () => setStep('cancelled'),
        onError: () => setStep('failed'),
      });
      setStep('open');
    } catch (error) {
      console.error(error);
      setStep('failed');
    }
  }

  return (
    <>
      <button type="button" className="pay" disabled={step === 'starting' || step === 'open'} onClick={pay}>
        {label}
      </button>
      {SAY[step] && <p role="status">{SAY[step]}</p>}
    </>
  );
}
