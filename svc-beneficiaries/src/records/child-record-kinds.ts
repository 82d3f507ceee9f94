import {
  BENEFICIARIES_ERRORS,
  type ErrorEntry,
  type HouseholdMember,
  type HouseholdMemberBody,
  type SchoolFee,
  type SchoolFeeBody,
  type SchoolPerformance,
  type SchoolPerformanceBody,
  type Term,
} from '@kcf/contracts';
import type { RecordType } from '../events/record-facts';

/**
 * A record kind that belongs to one child and has no files: its table, the columns its body writes, its
 * order in lists and how a row reads in the API.
 */
export interface ChildRecordKind<Body, Out> {
  recordType: RecordType;
  /** What the audit trail calls it (AUDIT_ENTITY_LABELS). */
  entityType: 'household-member' | 'school-performance' | 'school-fee';
  table: string;
  /** The answer when the child has no such record. */
  notFound: ErrorEntry;
  columns: readonly string[];
  values(body: Body): unknown[];
  select: string;
  orderBy: string;
  toApi(row: Record<string, unknown>): Out;
}

interface Stamped {
  id: string;
  beneficiary_id: string;
  created_at: Date;
}

/** Household members in the order they were entered. */
export const HOUSEHOLD_MEMBERS: ChildRecordKind<HouseholdMemberBody, HouseholdMember> = {
  recordType: 'household_member',
  entityType: 'household-member',
  table: 'household_members',
  notFound: BENEFICIARIES_ERRORS.householdMemberNotFound,
  columns: ['name', 'relationship', 'age'],
  values: (b) => [b.name, b.relationship, b.age],
  select: 'id::text, beneficiary_id, name, relationship, age, created_at',
  orderBy: 'created_at, id',
  toApi: (raw) => {
    const r = raw as unknown as Stamped & { name: string; relationship: string; age: number };
    return {
      id: r.id,
      beneficiaryId: r.beneficiary_id,
      name: r.name,
      relationship: r.relationship,
      age: r.age,
      createdAt: r.created_at.toISOString(),
    };
  },
};

/** Performance entries, most recent first (the detail page shows the first three). */
export const SCHOOL_PERFORMANCE: ChildRecordKind<SchoolPerformanceBody, SchoolPerformance> = {
  recordType: 'school_performance',
  entityType: 'school-performance',
  table: 'school_performance',
  notFound: BENEFICIARIES_ERRORS.performanceEntryNotFound,
  columns: ['subject', 'term', 'grade'],
  values: (b) => [b.subject, b.term, b.grade],
  select: 'id::text, beneficiary_id, subject, term, grade, created_at',
  orderBy: 'created_at DESC, id DESC',
  toApi: (raw) => {
    const r = raw as unknown as Stamped & { subject: string; term: Term; grade: string };
    return {
      id: r.id,
      beneficiaryId: r.beneficiary_id,
      subject: r.subject,
      term: r.term,
      grade: r.grade,
      createdAt: r.created_at.toISOString(),
    };
  },
};

/** Fees, most recent term first (the detail page shows the first three). */
export const SCHOOL_FEES: ChildRecordKind<SchoolFeeBody, SchoolFee> = {
  recordType: 'school_fee',
  entityType: 'school-fee',
  table: 'school_fees',
  notFound: BENEFICIARIES_ERRORS.schoolFeeNotFound,
  columns: ['term', 'year', 'amount'],
  values: (b) => [b.term, b.year, b.amount],
  select: 'id::text, beneficiary_id, term, year, amount::text AS amount, created_at',
  orderBy: 'year DESC, term DESC, created_at DESC, id DESC',
  toApi: (raw) => {
    const r = raw as unknown as Stamped & { term: Term; year: number; amount: string };
    return {
      id: r.id,
      beneficiaryId: r.beneficiary_id,
      term: r.term,
      year: r.year,
      amount: r.amount,
      createdAt: r.created_at.toISOString(),
    };
  },
};
