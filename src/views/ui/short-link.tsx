import { useState } from 'react';
import { useCopy } from '@/bindings/copy-hooks';
import { Button } from './button';

/** A short link to copy (spec §2 Share modal, Share order): the link, selected on focus, and Copy link. */
export function ShortLink({ url, id }: { url: string; id: string }) {
  const copy = useCopy();
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <div className="order-share__url">
      <label htmlFor={id}>Short link</label>
      <div className="order-share__url-row">
        <input id={id} type="url" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
        <Button
          onPress={() => {
            void copy(url).then((ok) => setCopied(ok ? 'copied' : 'failed'));
          }}
        >
          Copy link
        </Button>
      </div>
      <p className="order-share__copied" role="status">
        {copied === 'copied' ? 'Link copied.' : copied === 'failed' ? 'Select the link and copy it.' : ''}
      </p>
    </div>
  );
}
