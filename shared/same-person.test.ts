import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressKey, emailKey, personKeys, phoneKey, samePerson } from './same-person';

describe('emailKey', () => {
  it('lower-cases, drops a +tag, and for Gmail drops dots and reads googlemail as gmail', () => {
    expect(emailKey(' Alice@Example.test ')).toBe('alice@example.test');
    expect(emailKey('alice+x@example.test')).toBe('alice@example.test');
    expect(emailKey('alice+ref+2@example.test')).toBe('alice@example.test');
    expect(emailKey('A.l.i.c.e+promo@GoogleMail.com')).toBe('alice@gmail.com');
    expect(emailKey('alice@gmail.com')).toBe('alice@gmail.com');
  });

  it('keeps dots where the provider does not ignore them, and other people apart', () => {
    expect(emailKey('a.lice@example.test')).not.toBe(emailKey('alice@example.test'));
    expect(emailKey('bob@example.test')).not.toBe(emailKey('alice@example.test'));
    expect(emailKey('alice@example.com')).not.toBe(emailKey('alice@example.test'));
  });

  it('is the same for any tag, any case and (on Gmail) any dots: property', () => {
    const word = fc.stringMatching(/^[a-z0-9]{1,12}$/);
    fc.assert(
      fc.property(
        word,
        word,
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 4 }),
        (local, tag, upper, dots) => {
          let dotted = local;
          for (const d of dots) {
            const at = 1 + (d % Math.max(1, dotted.length - 1));
            if (at < dotted.length) dotted = `${dotted.slice(0, at)}.${dotted.slice(at)}`;
          }
          const alias = `${dotted}+${tag}@${upper ? 'GoogleMail.com' : 'gmail.com'}`;
          const typed = upper ? alias.toUpperCase() : alias;
          expect(emailKey(typed)).toBe(emailKey(`${local}@gmail.com`));
          expect(emailKey(emailKey(typed))).toBe(emailKey(typed));
        },
      ),
    );
  });
});

describe('phoneKey', () => {
  it('writes UK numbers as E.164 however they are typed', () => {
    for (const typed of [
      '07700 900123',
      '07700900123',
      '+44 7700 900123',
      '0044 7700 900123',
      '+44 (0)7700-900-123',
    ]) {
      expect(phoneKey(typed)).toBe('+447700900123');
    }
    expect(phoneKey('+33 6 12 34 56 78')).toBe('+33612345678');
  });

  it('is empty for no number, so it never matches', () => {
    expect(phoneKey('')).toBe('');
    expect(phoneKey('none')).toBe('');
    expect(
      samePerson(
        personKeys({ email: 'a@x.test', phone: '' }),
        personKeys({ email: 'b@x.test', phone: 'n/a' }),
      ),
    ).toBeNull();
  });
});

describe('addressKey', () => {
  it('is one key for one home however it is written', () => {
    const key = addressKey({ postcode: 'W9 2HD', door: '12', line1: 'Elgin Avenue' });
    expect(key).toBe('W92HD|12 elgin ave');
    expect(addressKey({ postcode: 'w92hd', line1: '12 Elgin Ave.' })).toBe(key);
    expect(addressKey({ postcode: 'W9  2HD', door: 'No. 12', line1: 'ELGIN AVENUE' })).toBe(key);
    expect(addressKey({ postcode: 'W9 2HD', door: 'Flat 3', line1: '1 Elgin Road' })).toBe(
      addressKey({ postcode: 'W9 2HD', door: '3', line1: '1, Elgin Rd' }),
    );
  });

  it('keeps neighbours and other flats apart', () => {
    const home = addressKey({ postcode: 'W9 2HD', door: '12', line1: 'Elgin Avenue' });
    expect(addressKey({ postcode: 'W9 2HD', door: '14', line1: 'Elgin Avenue' })).not.toBe(home);
    expect(addressKey({ postcode: 'W9 1AA', door: '12', line1: 'Elgin Avenue' })).not.toBe(home);
    expect(addressKey({ postcode: 'W9 2HD', door: 'Flat 2', line1: '12 Elgin Avenue' })).not.toBe(
      addressKey({ postcode: 'W9 2HD', door: 'Flat 3', line1: '12 Elgin Avenue' }),
    );
  });

  it('is empty without a postcode or a first line', () => {
    expect(addressKey({ postcode: '', line1: '12 Elgin Avenue' })).toBe('');
    expect(addressKey({ postcode: 'W9 2HD', line1: ' ' })).toBe('');
  });
});

describe('samePerson', () => {
  const alice = personKeys({
    email: 'alice@example.test',
    phone: '07700 900111',
    address: { postcode: 'W9 1AA', line1: '1 Elgin Avenue' },
  });

  it('says by what two people are one: e-mail alias, phone or address', () => {
    expect(
      samePerson(alice, personKeys({ email: 'ALICE+x@example.test', phone: '07700 900999' })),
    ).toBe('email');
    expect(
      samePerson(alice, personKeys({ email: 'new@example.test', phone: '+44 7700 900111' })),
    ).toBe('phone');
    expect(
      samePerson(
        alice,
        personKeys({
          email: 'new@example.test',
          phone: '07700 900999',
          address: { postcode: 'w91aa', door: '1', line1: 'Elgin Ave' },
        }),
      ),
    ).toBe('address');
  });

  it('is null for someone else, and empty keys never match', () => {
    const bob = personKeys({
      email: 'bob@example.test',
      phone: '07700 900222',
      address: { postcode: 'W9 1AA', line1: '3 Elgin Avenue' },
    });
    expect(samePerson(alice, bob)).toBeNull();
    expect(
      samePerson({ email: '', phone: '', address: '' }, { email: '', phone: '', address: '' }),
    ).toBeNull();
  });
});
