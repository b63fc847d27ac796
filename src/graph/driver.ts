import neo4j, { type Driver } from "neo4j-driver";

export interface DriverOptions {
  uri: string;
  user: string;
  password: string;
}

/** The one Neo4j driver of the process. */
export function createDriver({ uri, user, password }: DriverOptions): Driver {
  return neo4j.driver(uri, neo4j.auth.basic(user, password), {
    maxConnectionPoolSize: 100,
    connectionAcquisitionTimeout: 10_000,
    connectionTimeout: 5_000,
    maxTransactionRetryTime: 5_000,
    disableLosslessIntegers: false,
  });
}

/** Neo4j's version and edition, or null when it does not answer. */
export async function describeServer(driver: Driver, database: string) {
  try {
    const result = await driver.executeQuery(
      "CALL dbms.components() YIELD versions, edition RETURN versions[0] AS version, edition",
      {},
      { database },
    );
    const record = result.records[0];
    return { version: String(record?.get("version")), edition: String(record?.get("edition")) };
  } catch {
    return null;
  }
}
