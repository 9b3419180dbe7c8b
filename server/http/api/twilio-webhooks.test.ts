import { describe, expect, it } from 'vitest';
import { twiml } from './twilio-webhooks';

describe('TwiML replies to inbound texts', () => {
  it('answers nothing as an empty Response', () => {
    expect(twiml(null)).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
  });

  it('wraps a reply in one Message, escaped', () => {
    expect(twiml('Call us on 020 7946 0000 <shop> & "ask"')).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Message>Call us on 020 7946 0000 &lt;shop&gt; &amp; &quot;ask&quot;</Message></Response>',
    );
  });
});
