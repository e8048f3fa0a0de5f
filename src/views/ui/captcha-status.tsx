import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { CAPTCHA_UNAVAILABLE_TAG, CAPTCHA_UNAVAILABLE_TEXT } from '@/domain/captcha';
import type { captchaMachine } from '@/machines/captcha-machine';

/**
 * What a captcha-protected form says when its security check could not load (its script, or its
 * challenge): an alert with Try again, which loads it again (spec §8: the console says it too).
 * Nothing otherwise, and nothing until the form's captcha runs (`actor` null).
 */
export function CaptchaStatus({ actor }: { actor: ActorRefFrom<typeof captchaMachine> | null }) {
  if (!actor) return null;
  return <CaptchaAlert actor={actor} />;
}

function CaptchaAlert({ actor }: { actor: ActorRefFrom<typeof captchaMachine> }) {
  const unavailable = useSelector(actor, (state) => state.hasTag(CAPTCHA_UNAVAILABLE_TAG));
  if (!unavailable) return null;
  return (
    <div className="captcha-status" role="alert">
      <p>{CAPTCHA_UNAVAILABLE_TEXT}</p>
      <button type="button" className="button button--secondary" onClick={() => actor.send({ type: 'captcha.retried' })}>
        Try again
      </button>
    </div>
  );
}
