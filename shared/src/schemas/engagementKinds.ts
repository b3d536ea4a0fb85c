import type { EngagementKind } from '../engagement.ts';
import {
  ZCreateFeedbackRequest,
  ZFeedbackListResponse,
  ZFeedbackResponse,
  ZFeedbackResponsesResponse,
  ZUpdateFeedbackRequest,
} from './feedback.ts';
import { ZCreatePollRequest, ZPollListResponse, ZPollResponse, ZPollVotesResponse, ZUpdatePollRequest } from './poll.ts';
import { ZWheelListResponse, ZWheelRequest, ZWheelResponse, ZWheelSpinsResponse } from './wheel.ts';
import type { z } from 'zod';

/**
 * Each engagement kind's owner API as schemas: the builder's whole item as created and as saved
 * again (their texts can differ), and the answers (an item, a page of the list, a page of the
 * submissions). The server checks and documents its routes with them; the admin's calls take their types.
 */
/** The schemas of one kind's owner API. */
export type EngagementSchemaSet = Record<'create' | 'update' | 'item' | 'list' | 'submissions', z.ZodType>;

export const engagementSchemas = {
  poll: {
    create: ZCreatePollRequest,
    update: ZUpdatePollRequest,
    item: ZPollResponse,
    list: ZPollListResponse,
    submissions: ZPollVotesResponse,
  },
  feedback: {
    create: ZCreateFeedbackRequest,
    update: ZUpdateFeedbackRequest,
    item: ZFeedbackResponse,
    list: ZFeedbackListResponse,
    submissions: ZFeedbackResponsesResponse,
  },
  wheel: {
    create: ZWheelRequest,
    update: ZWheelRequest,
    item: ZWheelResponse,
    list: ZWheelListResponse,
    submissions: ZWheelSpinsResponse,
  },
} as const satisfies Record<EngagementKind, EngagementSchemaSet>;

type Schemas<K extends EngagementKind> = (typeof engagementSchemas)[K];

/** A kind's item as the builder reads it. */
export type TEngagementItem<K extends EngagementKind> = z.infer<Schemas<K>['item']>['data'];
/** A page of a kind's list, and of an item's submissions. */
export type TEngagementListPage<K extends EngagementKind> = z.infer<Schemas<K>['list']>['data'];
export type TEngagementSubmissionsPage<K extends EngagementKind> = z.infer<Schemas<K>['submissions']>['data'];
/** What the builder sends to create and to save a kind's item, and what the server reads of it. */
export type TEngagementCreate<K extends EngagementKind> = z.input<Schemas<K>['create']>;
export type TEngagementUpdate<K extends EngagementKind> = z.input<Schemas<K>['update']>;
export type TEngagementBody<K extends EngagementKind> = z.output<Schemas<K>['create']>;
