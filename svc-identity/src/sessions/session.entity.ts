import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A server-side session. The cookie holds a random token; only its SHA-256 is stored. */
@Entity({ name: 'sessions' })
export class SessionEntity {
  @PrimaryColumn({ name: 'id_hash', type: 'varchar', length: 64 })
  idHash!: string;

  @Index()
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'last_seen_at', type: 'timestamptz' })
  lastSeenAt!: Date;
}
