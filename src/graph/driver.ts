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

/**
 * A second, small driver for the availability probe alone. Through the main
 * driver a probe would queue behind busy requests for a pooled connection
 * and time out under load, which is not an outage (bench:load saw three in a
 * row); its own connection measures the server, not the gateway's pool.
 */
export function createProbeDriver({ uri, user, password }: DriverOptions): Driver {
  return neo4j.driver(uri, neo4j.auth.basic(user, password), {
    maxConnectionPoolSize: 2,
    connectionAcquisitionTimeout: 1_000,
    connectionTimeout: 1_000,
    maxTransactionRetryTime: 0,
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
