import { z } from 'zod';

export const GRADE_LEVELS = [
  'play_group',
  'pre_primary_1',
  'pre_primary_2',
  'grade_1',
  'grade_2',
  'grade_3',
  'grade_4',
  'grade_5',
  'grade_6',
  'grade_7',
  'grade_8',
  'grade_9',
  'grade_10',
  'grade_11',
  'grade_12',
  'certificate_college',
  'diploma_college',
  'university_degree',
  'none',
] as const;
export type GradeLevel = (typeof GRADE_LEVELS)[number];

export const GradeLevelSchema = z.enum(GRADE_LEVELS);

/** The label shown for each grade level. */
export const GRADE_LEVEL_LABELS: Record<GradeLevel, string> = {
  play_group: 'Play Group',
  pre_primary_1: 'Pre-Primary 1',
  pre_primary_2: 'Pre-Primary 2',
  grade_1: 'Grade 1',
  grade_2: 'Grade 2',
  grade_3: 'Grade 3',
  grade_4: 'Grade 4',
  grade_5: 'Grade 5',
  grade_6: 'Grade 6',
  grade_7: 'Grade 7',
  grade_8: 'Grade 8',
  grade_9: 'Grade 9',
  grade_10: 'Grade 10',
  grade_11: 'Grade 11',
  grade_12: 'Grade 12',
  certificate_college: 'Certificate College',
  diploma_college: 'Diploma College',
  university_degree: 'University Degree',
  none: 'None',
};

/** The label of a stored grade level; an unknown value is shown as stored. */
export function gradeLevelLabel(value: string): string {
  return (GRADE_LEVEL_LABELS as Record<string, string>)[value] ?? value;
}
