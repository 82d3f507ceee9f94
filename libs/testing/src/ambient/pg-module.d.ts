// The few parts of `pg` the test helpers use (the package ships no type declarations).
declare module 'pg' {
  export interface ClientConfig {
    connectionString?: string;
  }
  export class Client {
    constructor(config?: ClientConfig | string);
    connect(): Promise<void>;
    query<R = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: R[]; rowCount: number | null }>;
    end(): Promise<void>;
  }
}
