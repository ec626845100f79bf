import { useState } from 'react';
import { useQuery, useQueryClient } from '@side-quest/data/query';
import { getQueryFn } from '../http/queryFn';
import type { OrganisationRole, PayoutMethod } from '../account';
import type { HostedBountyErrors, HostedBountyFields } from './hostedBountyForm';
import type { ReviewLabel, Scores, SubmissionState } from './review';
import type { Overdue, Stage, WinnerPayment } from './stages';
import type { SubmissionErrors, SubmissionFields, SubmissionLinks } from './submissionForm';
import type { TestRuntime } from './testRuntime';

/*
 * The lifecycle's pages and their forms: each page's data comes from GET /api/lifecycle/… (rendered
 * into the page by the server), each form is a browser POST answered 303 back to its page, or 422 with
 * the page and what was typed (never in the URL), or 404 for what the person has no part in.
 */

const enc = encodeURIComponent;

export const LIFECYCLE_PAGES = {
  post: (slug: string) => `/sponsor/${enc(slug)}/post`,
  console: (slug: string, id: string) => `/sponsor/${enc(slug)}/bounties/${enc(id)}`,
  submit: (id: string) => `/submit/${enc(id)}`,
  mySubmissions: '/account/submissions',
  payment: (id: string, slot: number) => `/account/payments/${enc(id)}/${slot}`,
} as const;

export const LIFECYCLE_FORMS = {
  post: LIFECYCLE_PAGES.post,
  review: (slug: string, id: string) => `${LIFECYCLE_PAGES.console(slug, id)}/review`,
  reject: (slug: string, id: string) => `${LIFECYCLE_PAGES.console(slug, id)}/reject`,
  announce: (slug: string, id: string) => `${LIFECYCLE_PAGES.console(slug, id)}/announce`,
  payment: (slug: string, id: string) => `${LIFECYCLE_PAGES.console(slug, id)}/payments`,
  end: (slug: string, id: string) => `${LIFECYCLE_PAGES.console(slug, id)}/end`,
  publish: (slug: string, id: string) => `${LIFECYCLE_PAGES.console(slug, id)}/publish`,
  submit: LIFECYCLE_PAGES.submit,
  withdraw: '/account/submissions/withdraw',
  visibility: '/account/submissions/visibility',
  notifications: '/account/submissions/notifications',
  answer: LIFECYCLE_PAGES.payment,
} as const;

/** `?done=…` after a lifecycle form: what changed, said once at the top of the page. */
export const LIFECYCLE_DONE_MESSAGES = {
  drafted: 'The draft is saved. Publish it when it is ready.',
  pending: 'The bounty is sent to Side Quest staff for approval. It is public once approved.',
  published: 'The bounty is published.',
  reviewed: 'The review is saved.',
  rejected: 'The submission is rejected; its author sees your reason.',
  announced: 'The winners are announced and every submitter is told.',
  'payment-recorded': 'The payment is recorded. The winner is asked to confirm it arrived.',
  ended: 'The bounty is ended; its reason is public.',
  submitted: 'Your solution is submitted. You can edit it until the deadline.',
  withdrawn: 'Your submission is withdrawn.',
  visibility: 'Your choice is saved.',
  notifications: 'Your e-mail choice is saved.',
  received: 'Thank you: the payment counts as confirmed.',
  'not-received': 'Your report is sent to Side Quest staff, who will look into it with both sides.',
  'scoring-attached': 'The scoring setup is saved: the answer key was checked and split.',
  'tests-attached':
    'The test setup is saved: the reference solution now runs three times with the public and three with the hidden tests. Its progress shows under Test scoring.',
  'entry-queued': 'Your entry is received and waits to be scored. Its score appears below when ready.',
  'finals-chosen': 'Your final entries are chosen.',
  'key-published': 'The answer key is published: every signed-in person may download it.',
} as const;

export type LifecycleDone = keyof typeof LIFECYCLE_DONE_MESSAGES;

export function lifecycleDoneMessage(code: string | null): string | null {
  return code && Object.hasOwn(LIFECYCLE_DONE_MESSAGES, code)
    ? LIFECYCLE_DONE_MESSAGES[code as LifecycleDone]
    : null;
}

/** The post form's page: the organisation, what the person may do, and the skills to choose from. */
export interface PostFormData {
  organisation: { slug: string; name: string; verified: boolean };
  mayPublish: boolean;
  /** Publishing is blocked while the organisation owes a winner past the due date. */
  paymentOverdue: boolean;
  skillOptions: string[];
  /**
   * The runtimes some live runner that can make a sandbox offers now (issue 56 item 3): the form offers a
   * test-scored setup only when there is one.
   */
  testRuntimes: TestRuntime[];
  /** The organisation's bounties, newest first, each with its console's path. */
  bounties: { id: string; title: string; state: string; stage: Stage | null }[];
}

export interface PostFormReturn {
  values: HostedBountyFields;
  errors: HostedBountyErrors;
  /** A problem with the whole form (e.g. publishing blocked). */
  problem?: string;
}

export const postFormKey = (slug: string) => [`/api/lifecycle/organisations/${enc(slug)}/post-form`] as const;
export const POST_FORM_RETURN_KEY = ['lifecycle', 'post-form'] as const;

export interface ConsoleSubmission {
  id: string;
  handle: string | null;
  name: string;
  state: 'submitted' | 'withdrawn' | 'rejected';
  label: ReviewLabel;
  scores: Scores;
  total: number;
  notes: string;
  rejectionReason: string | null;
  links: SubmissionLinks;
  writeUpHtml: string;
  answers: string[];
  createdAt: string;
  updatedAt: string;
}

export interface ConsoleWinner extends WinnerPayment {
  slot: number;
  prize: number;
  submissionId: string;
  handle: string | null;
  payment: { amount: number; method: string; reference: string; date: string } | null;
  answerNote: string | null;
  resolutionNote: string | null;
}

export interface ConsoleData {
  organisation: { slug: string; name: string };
  role: OrganisationRole;
  may: { review: boolean; award: boolean; pay: boolean; cancel: boolean; publish: boolean };
  bounty: {
    id: string;
    title: string;
    state: string;
    stage: Stage | null;
    stateReason: string | null;
    criteria: string[];
    prizes: number[];
    payoutMethods: PayoutMethod[];
    submissionDeadline: string;
    judgingDeadline: string;
    announcedAt: string | null;
    paymentDueDays: number;
    demo: boolean;
    overdue: Overdue | null;
  };
  /** Sorted by total score, highest first. */
  submissions: ConsoleSubmission[];
  winners: ConsoleWinner[];
  audit: { at: string; actor: string; action: string; summary: string }[];
}

export const consoleKey = (slug: string, id: string) =>
  [`/api/lifecycle/organisations/${enc(slug)}/bounties/${enc(id)}`] as const;

/** A console form sent back with a problem: which form, for which submission or slot, what was typed. */
export interface ConsoleFormReturn {
  form: 'review' | 'reject' | 'announce' | 'payment' | 'end' | 'publish';
  target: string | null;
  values: Record<string, string | string[]>;
  error: string;
}
export const CONSOLE_FORM_RETURN_KEY = ['lifecycle', 'console-form'] as const;

export interface SubmitPageData {
  bounty: {
    id: string;
    title: string;
    sponsorName: string;
    criteria: string[];
    submissionDeadline: string;
    open: boolean;
  };
  /** Why the person may not submit (checked before any work starts), or null. */
  eligibility: string | null;
  existing: {
    id: string;
    state: 'submitted' | 'withdrawn' | 'rejected';
    fields: SubmissionFields;
    rejectionReason: string | null;
  } | null;
}

export interface SubmitFormReturn {
  values: SubmissionFields;
  errors: SubmissionErrors;
  problem?: string;
}

export const submitPageKey = (id: string) => [`/api/lifecycle/bounties/${enc(id)}/submission`] as const;
export const SUBMIT_FORM_RETURN_KEY = ['lifecycle', 'submit-form'] as const;

export interface MySubmission {
  id: string;
  bountyId: string;
  bountyTitle: string;
  sponsorName: string;
  state: SubmissionState;
  stage: Stage | null;
  rejectionReason: string | null;
  submittedAt: string;
  updatedAt: string;
  mayEdit: boolean;
  publicOptIn: boolean;
  win: { slot: number; prize: number; paymentRecorded: boolean; answer: WinnerPayment['answer'] } | null;
}

export interface MySubmissionsData {
  submissions: MySubmission[];
  /** Whether the person gets the optional lifecycle e-mails (payment e-mails always go). */
  optionalMail: boolean;
}

export const MY_SUBMISSIONS_KEY = ['/api/lifecycle/submissions'] as const;

export interface PaymentAnswerData {
  bountyId: string;
  bountyTitle: string;
  sponsorName: string;
  slot: number;
  prize: number;
  payment: { amount: number; method: string; reference: string; date: string } | null;
  recordedAt: string | null;
  answer: WinnerPayment['answer'];
  answerNote: string | null;
  answeredAt: string | null;
  resolution: WinnerPayment['resolution'];
  resolutionNote: string | null;
  resolvedAt: string | null;
}

export const paymentPageKey = (id: string, slot: number) =>
  [`/api/lifecycle/payments/${enc(id)}/${slot}`] as const;
export interface PaymentFormReturn {
  values: { answer: string; note: string };
  error: string;
}
export const PAYMENT_FORM_RETURN_KEY = ['lifecycle', 'payment-form'] as const;

const pageQuery = <T>(queryKey: readonly string[]) => ({
  queryKey,
  queryFn: getQueryFn<T>({ on401: 'returnNull' }),
  staleTime: Infinity,
});

export const usePostForm = (slug: string) => useQuery(pageQuery<PostFormData>(postFormKey(slug)));
export const useBountyConsole = (slug: string, id: string) =>
  useQuery(pageQuery<ConsoleData>(consoleKey(slug, id)));
export const useSubmitPage = (id: string) => useQuery(pageQuery<SubmitPageData>(submitPageKey(id)));
export const useMySubmissions = () => useQuery(pageQuery<MySubmissionsData>(MY_SUBMISSIONS_KEY));
export const usePaymentAnswer = (id: string, slot: number) =>
  useQuery(pageQuery<PaymentAnswerData>(paymentPageKey(id, slot)));

/** A form sent back by the server with the page (422): read once from the cache the server filled. */
export function useReturnedForm<T>(key: readonly string[]): T | null {
  const client = useQueryClient();
  const [returned] = useState(() => client.getQueryData<T>(key) ?? null);
  return returned;
}
