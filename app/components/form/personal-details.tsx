import { PHONE_MAX_LENGTH } from '@shared/field-limits';
import type { FieldLinks } from './error-summary';
import { TextField } from './text-field';

export type PersonalDetails = { name: string; email: string; phone: string };

/**
 * Name, e-mail and UK mobile: the sign-up form's and the profile's personal details. `names`
 * are the fields' names in the request (the profile sends `phone_number`, spec 3).
 */
export function PersonalDetailsFields({
  idPrefix,
  values,
  errors,
  labels = {},
  names = {},
  phoneHint,
  order = ['name', 'email', 'phone'],
  required,
  onChange,
}: {
  idPrefix: string;
  values?: Partial<PersonalDetails>;
  errors?: Record<string, string>;
  labels?: Partial<PersonalDetails>;
  names?: Partial<PersonalDetails>;
  phoneHint?: string;
  /** The order of the fields (the checkout asks for the phone before the e-mail). */
  order?: readonly (keyof PersonalDetails)[];
  required?: boolean;
  /** With JavaScript: controlled inputs. Without it the inputs keep their default values. */
  onChange?: (field: keyof PersonalDetails, value: string) => void;
}) {
  const name = { name: 'name', email: 'email', phone: 'phone', ...names };
  const value = (field: keyof PersonalDetails) =>
    onChange
      ? {
          value: values?.[field] ?? '',
          onChange: (e: React.ChangeEvent<HTMLInputElement>) => onChange(field, e.target.value),
        }
      : { defaultValue: values?.[field] ?? '' };
  const fields: Record<keyof PersonalDetails, React.ReactNode> = {
    name: (
      <TextField
        key="name"
        id={`${idPrefix}-name`}
        label={labels.name ?? 'Full name'}
        name={name.name}
        autoComplete="name"
        required={required}
        error={errors?.[name.name]}
        {...value('name')}
      />
    ),
    email: (
      <TextField
        key="email"
        id={`${idPrefix}-email`}
        label={labels.email ?? 'Email'}
        name={name.email}
        type="email"
        autoComplete="email"
        required={required}
        error={errors?.[name.email]}
        {...value('email')}
      />
    ),
    phone: (
      <TextField
        key="phone"
        id={`${idPrefix}-phone`}
        label={labels.phone ?? 'Phone'}
        name={name.phone}
        type="tel"
        autoComplete="tel"
        maxLength={PHONE_MAX_LENGTH}
        required={required}
        error={errors?.[name.phone]}
        hint={phoneHint}
        {...value('phone')}
      />
    ),
  };
  return <>{order.map((field) => fields[field])}</>;
}

/** The error summary's links to the personal details. */
export function personalDetailsLinks(
  idPrefix: string,
  names: Partial<PersonalDetails> = {},
  labels: Partial<PersonalDetails> = {},
): FieldLinks {
  return {
    [names.name ?? 'name']: { id: `${idPrefix}-name`, label: labels.name ?? 'Full name' },
    [names.email ?? 'email']: { id: `${idPrefix}-email`, label: labels.email ?? 'Email' },
    [names.phone ?? 'phone']: { id: `${idPrefix}-phone`, label: labels.phone ?? 'Phone' },
  };
}
