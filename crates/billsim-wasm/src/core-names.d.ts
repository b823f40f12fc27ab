
// Written from the core's tables by a test in crates/billsim-wasm/src/types.rs.
/** A scenario's name (`billsim scenarios` lists them). */
export type ScenarioName = "toyDay" | "callsAtOnce" | "freeTier" | "hackathon" | "runawayTenant";
/** A policy's name, of any scenario. */
export type PolicyName = "noLimit" | "requestsPerMinute" | "dailyBudget" | "checkOnly" | "setAside" | "halfEstimate" | "twoProcesses" | "bucket" | "bucketBudget" | "allThree" | "allThreeHourly" | "allThreeDegrade" | "rateLimit" | "dailyCap" | "rateLimitAndCap" | "rateLimitAndSetAsideCap" | "noCap" | "meterRequestOnly" | "degradeLadder" | "dailyAndMonthly";
/** A setting's one name (its key). */
export type SettingKey = "scenario" | "view" | "seed" | "policy" | "freeTierPolicy" | "hackathonPolicy" | "perMinute" | "budgetDollars" | "refill" | "calls" | "estimatePercent" | "bucketCapacity" | "refillPerMinute" | "tokenBudget" | "breakerDollars" | "hourlyDollars" | "pricePerToken" | "cheapPricePerToken" | "normalUsers" | "scriptUsers" | "sockpuppets" | "rateLimit" | "rateWindowSeconds" | "capDollars" | "spoofedUsers" | "sharedAddress" | "restartMinute" | "serverProcesses" | "scriptAtOnce" | "tenantPolicy" | "productMonthlyDollars" | "internalDailyDollars" | "internalMonthlyDollars" | "payingDailyDollars" | "payingMonthlyDollars" | "freeDailyDollars" | "freeMonthlyDollars" | "maxTokens" | "outageStartHour" | "outageEndHour" | "internalFail" | "payingFail" | "freeFail" | "failPercent";
/** A view's name. */
export type ViewName = "day" | "inflight" | "overTime" | "byKind" | "freeTradeOff" | "freeAccounts" | "freeOverTime" | "demoByKind" | "demoTradeOff" | "demoClient" | "demoOverTime" | "byTenant" | "tenantRunawayDay" | "tenantLadder" | "tenantTradeOff" | "tenantOverTime";
/** Settings by key, each optional (the default holds): a number or its text, dollars as a number or exact
 * decimal text, a choice by its name. A value out of its range is refused at run time, naming the key. */
export interface Settings {
  /** Which lesson's widget: "toyDay", "freeTier", "hackathon" or "runawayTenant"; default toyDay. */
  scenario?: "toyDay" | "freeTier" | "hackathon" | "runawayTenant";
  /** View: "day", "inflight", "overTime", "byKind", "freeTradeOff", "freeAccounts", "freeOverTime", "demoByKind", "demoTradeOff", "demoClient", "demoOverTime", "byTenant", "tenantRunawayDay", "tenantLadder", "tenantTradeOff" or "tenantOverTime"; default day. */
  view?: "day" | "inflight" | "overTime" | "byKind" | "freeTradeOff" | "freeAccounts" | "freeOverTime" | "demoByKind" | "demoTradeOff" | "demoClient" | "demoOverTime" | "byTenant" | "tenantRunawayDay" | "tenantLadder" | "tenantTradeOff" | "tenantOverTime";
  /** Day number (0 to 4,294,967,295): a whole number from 0 to 4,294,967,295; default 0. */
  seed?: number | bigint | string;
  /** Policy: "noLimit", "requestsPerMinute" or "dailyBudget"; default requestsPerMinute. */
  policy?: "noLimit" | "requestsPerMinute" | "dailyBudget";
  /** Policy: "noLimit", "bucket", "bucketBudget", "allThree", "allThreeHourly" or "allThreeDegrade"; default allThree. */
  freeTierPolicy?: "noLimit" | "bucket" | "bucketBudget" | "allThree" | "allThreeHourly" | "allThreeDegrade";
  /** Policy: "noLimit", "rateLimit", "dailyCap", "rateLimitAndCap" or "rateLimitAndSetAsideCap"; default rateLimitAndCap. */
  hackathonPolicy?: "noLimit" | "rateLimit" | "dailyCap" | "rateLimitAndCap" | "rateLimitAndSetAsideCap";
  /** Requests per user per minute (request limit, 1 to 60): a whole number from 1 to 60; default 5. */
  perMinute?: number | bigint | string;
  /** Budget per user per day, in dollars (0.01 to 100): an amount in dollars from 0.01 to 100, with at most 6 decimals; default 0.25. */
  budgetDollars?: number | string;
  /** Budget refill: "daily" or "steady"; default daily. */
  refill?: "daily" | "steady";
  /** Calls at once (1 to 200): a whole number from 1 to 200; default 20. */
  calls?: number | bigint | string;
  /** Input estimate, in percent of its real size (10 to 200): a whole number of percent from 10 to 200; default 50. */
  estimatePercent?: number | bigint | string;
  /** Bucket capacity, in requests at once (1 to 100): a whole number from 1 to 100; default 5. */
  bucketCapacity?: number | bigint | string;
  /** Bucket refill, in requests a minute (0 to 600): a whole number from 0 to 600; default 10. */
  refillPerMinute?: number | bigint | string;
  /** Token budget per user per day (1 to 10,000,000): a whole number from 1 to 10,000,000; default 60000. */
  tokenBudget?: number | bigint | string;
  /** Global breaker: spend ceiling per day, in dollars (0.01 to 1,000): an amount in dollars from 0.01 to 1,000, with at most 6 decimals; default 3.00. */
  breakerDollars?: number | string;
  /** Hourly ceiling (the hourly policy), in dollars (0.01 to 1,000): an amount in dollars from 0.01 to 1,000, with at most 6 decimals; default 1.00. */
  hourlyDollars?: number | string;
  /** Blended price per token, in dollars (the lesson's made-up figure; 0.000001 to 0.001): an amount in dollars from 0.000001 to 0.001, with at most 6 decimals; default 0.000004. */
  pricePerToken?: number | string;
  /** Cheaper model's price per token after the trip (the degrade policy), in dollars (made up; 0.000001 to 0.001): an amount in dollars from 0.000001 to 0.001, with at most 6 decimals; default 0.000001. */
  cheapPricePerToken?: number | string;
  /** Normal users (0 to 200): a whole number from 0 to 200; default 20. */
  normalUsers?: number | bigint | string;
  /** Script accounts (0 to 10): a whole number from 0 to 10; default 1. */
  scriptUsers?: number | bigint | string;
  /** Sockpuppet accounts (0 to 400): a whole number from 0 to 400; default 40. */
  sockpuppets?: number | bigint | string;
  /** Requests per user per window (request limit, 1 to 1,000): a whole number of requests from 1 to 1,000; default 5. */
  rateLimit?: number | bigint | string;
  /** Window of the request limit, in seconds (1 to 86,400): a whole number of seconds from 1 to 86,400; default 60. */
  rateWindowSeconds?: number | bigint | string;
  /** Daily cost cap of the other capped policies, in dollars; the tutorial's app keeps its $0.001 (0.000001 to 100): an amount in dollars from 0.000001 to 100, with at most 6 decimals; default 1. */
  capDollars?: number | string;
  /** Spoofed users: the script sends a new X-User with each request: "off" or "on"; default off. */
  spoofedUsers?: "off" | "on";
  /** Shared address: an office of 8 people with no header behind one address: "off" or "on"; default off. */
  sharedAddress?: "off" | "on";
  /** Restart at, in minutes after 00:00 UTC (0 for none, to 1,439): a whole number of minutes after 00:00 UTC from 1 to 1,439 (23:59), or 0 for none; default 0. */
  restartMinute?: number | bigint | string;
  /** Server processes, each with its own counters (1 to 4): a whole number of server processes from 1 to 4; default 1. */
  serverProcesses?: number | bigint | string;
  /** Calls the script starts at the same moment (1 to 20): a whole number of calls from 1 to 20; default 1. */
  scriptAtOnce?: number | bigint | string;
  /** Policy: "noCap", "meterRequestOnly", "dailyCap", "degradeLadder" or "dailyAndMonthly"; default degradeLadder. */
  tenantPolicy?: "noCap" | "meterRequestOnly" | "dailyCap" | "degradeLadder" | "dailyAndMonthly";
  /** What the whole product may spend in a month, in dollars (0.01 to 1,000,000): an amount in dollars from 0.01 to 1,000,000, with at most 6 decimals; default 1000. */
  productMonthlyDollars?: number | string;
  /** Internal tier's daily budget per tenant, in dollars (0.01 to 1,000,000): an amount in dollars from 0.01 to 1,000,000, with at most 6 decimals; default 100. */
  internalDailyDollars?: number | string;
  /** Internal tier's monthly budget per tenant, in dollars (0.01 to 1,000,000, at least the daily): an amount in dollars from 0.01 to 1,000,000, with at most 6 decimals; default 1500. */
  internalMonthlyDollars?: number | string;
  /** Paying tier's daily budget per tenant, in dollars (0.01 to 1,000,000): an amount in dollars from 0.01 to 1,000,000, with at most 6 decimals; default 20. */
  payingDailyDollars?: number | string;
  /** Paying tier's monthly budget per tenant, in dollars (0.01 to 1,000,000, at least the daily): an amount in dollars from 0.01 to 1,000,000, with at most 6 decimals; default 200. */
  payingMonthlyDollars?: number | string;
  /** Free tier's daily budget per tenant, in dollars (0.01 to 1,000,000): an amount in dollars from 0.01 to 1,000,000, with at most 6 decimals; default 1. */
  freeDailyDollars?: number | string;
  /** Free tier's monthly budget per tenant, in dollars (0.01 to 1,000,000, at least the daily): an amount in dollars from 0.01 to 1,000,000, with at most 6 decimals; default 10. */
  freeMonthlyDollars?: number | string;
  /** Reply cap (max_tokens) each call reserves as output (1 to 32,000): a whole number of tokens from 1 to 32,000; default 4096. */
  maxTokens?: number | bigint | string;
  /** Ledger outage starts at this hour of the month (0 to 720): a whole number of hours from 0 to 720; default 300. */
  outageStartHour?: number | bigint | string;
  /** Ledger outage ends at this hour of the month (0 to 720, not before the start): a whole number of hours from 0 to 720; default 306. */
  outageEndHour?: number | bigint | string;
  /** Internal tier while the ledger is down: "open" or "closed"; default open. */
  internalFail?: "open" | "closed";
  /** Paying tier while the ledger is down: "open" or "closed"; default open. */
  payingFail?: "open" | "closed";
  /** Free tier while the ledger is down: "open" or "closed"; default closed. */
  freeFail?: "open" | "closed";
  /** Model calls that fail, in percent (0 to 50): a whole number of percent from 0 to 50; default 2. */
  failPercent?: number | bigint | string;
}
