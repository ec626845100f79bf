import { useId } from 'react';
import { Button, FormField, MutedText, StackedForm } from '@side-quest/design';
import { fieldErrors } from '@side-quest/design/field-errors';
import {
  ORGANISATION_FORMS,
  ORGANISATION_LIMITS,
  type OrganisationFields,
  type OrganisationFormReturn,
} from '@side-quest/data/account';

const EMPTY: OrganisationFields = { name: '', slug: '', website: '' };

/**
 * A new sponsor organisation: name, its page's address (slug), website and logo. A plain multipart post
 * (it works without JavaScript); the server checks the logo by its content and draws it again, and sends
 * the page back (422) with what was typed when something is wrong.
 */
export function CreateOrganisationForm({ returned }: { returned: OrganisationFormReturn | null }) {
  const id = useId();
  const values = returned?.values ?? EMPTY;
  const errors = returned?.errors ?? {};
  const { describedBy, message } = fieldErrors<keyof OrganisationFields | 'logo'>(id, errors);
  const field = (name: keyof OrganisationFields | 'logo') => ({ id: `${id}-${name}`, ...describedBy(name) });

  return (
    <StackedForm method="post" action={ORGANISATION_FORMS.create} encType="multipart/form-data">
      <FormField>
        <label htmlFor={`${id}-name`}>Organisation name</label>
        <input
          {...field('name')}
          name="name"
          maxLength={ORGANISATION_LIMITS.nameMax}
          defaultValue={values.name}
          required
        />
        {message('name')}
      </FormField>
      <FormField>
        <label htmlFor={`${id}-slug`}>Address on Side Quest</label>
        <input
          {...field('slug')}
          name="slug"
          maxLength={ORGANISATION_LIMITS.slugMax}
          defaultValue={values.slug}
          required
        />
        <MutedText>Lowercase letters, digits and dashes, e.g. acme-labs.</MutedText>
        {message('slug')}
      </FormField>
      <FormField>
        <label htmlFor={`${id}-website`}>Website</label>
        <input
          {...field('website')}
          name="website"
          type="url"
          inputMode="url"
          defaultValue={values.website}
          required
        />
        {message('website')}
      </FormField>
      <FormField>
        <label htmlFor={`${id}-logo`}>Logo (optional)</label>
        <input {...field('logo')} name="logo" type="file" accept="image/png,image/jpeg,image/webp" />
        <MutedText>PNG, JPEG or WebP, up to 512 KB. No SVG.</MutedText>
        {message('logo')}
      </FormField>
      <MutedText>
        A new organisation is unverified until Side Quest staff verify it: an owner e-mail address on the
        website&apos;s domain makes that quick.
      </MutedText>
      <div>
        <Button type="submit">Create organisation</Button>
      </div>
    </StackedForm>
  );
}
