import { NOT_SUBMITTED_MESSAGE, draftDialogStart } from './draftDialogStart';
import { EMPTY_DRAFT } from './bountyDraft';

describe('how the create-bounty dialog starts', () => {
  it('opens the dialog the URL names, empty; a sent draft’s page has it closed', () => {
    expect(draftDialogStart('?dialog=create-bounty', null)).toEqual({
      open: true,
      values: EMPTY_DRAFT,
      errors: {},
      failure: '',
      submitted: false,
    });
    expect(draftDialogStart('?q=rust', null).open).toBe(false);
    expect(draftDialogStart('?dialog=join', null).open).toBe(false);
    expect(draftDialogStart('?draft=ok', null)).toMatchObject({ open: false, submitted: true });
    // An outcome other than ok in the URL is not the server's: only the page's cache says a post failed.
    expect(draftDialogStart('?draft=invalid', null)).toMatchObject({ open: false, submitted: false });
  });

  it('opens a refused draft with what was typed and this form’s messages for it', () => {
    const start = draftDialogStart('', {
      outcome: 'invalid',
      values: { title: 'Parser', company: '', description: 'Fast', bountyAmount: '10', deadline: '0' },
    });
    expect(start.open).toBe(true);
    expect(start.values).toEqual({
      title: 'Parser',
      company: '',
      description: 'Fast',
      bountyAmount: '10',
      deadline: '0',
      domain: 'Software',
    });
    expect(start.errors).toEqual({
      company: 'Company is required.',
      deadline: 'Deadline must be at least 1 day.',
    });
    expect(start.failure).toBe('');
  });

  it('says the draft was not submitted when no field explains the refusal', () => {
    const values = {
      title: 'Parser',
      company: 'Ferris',
      description: 'Fast',
      bountyAmount: '10',
      deadline: '3',
      domain: 'AI/ML',
    };
    expect(draftDialogStart('', { outcome: 'failed', values })).toMatchObject({
      open: true,
      values,
      errors: {},
      failure: NOT_SUBMITTED_MESSAGE,
    });
    expect(draftDialogStart('', { outcome: 'invalid', values }).failure).toBe(NOT_SUBMITTED_MESSAGE);
  });
});
