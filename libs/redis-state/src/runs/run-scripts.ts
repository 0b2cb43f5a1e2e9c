/**
 * The runs' Lua scripts: each is one atomic step, so two processes storing, evicting and finishing
 * runs at once never see half of another's change. Record keys are built in the script from the
 * prefix passed in ARGV (one Redis, not a cluster).
 */

/**
 * Stores a new record and evicts the oldest beyond the cap (FIFO by creation sequence), answering
 * each evicted run's id and its hash fields (empty for a value that was no hash).
 * KEYS: index, running, sequence. ARGV: record key prefix, run id, capacity, field, value, …
 */
export const CREATE_RUN_SCRIPT = `
local recordPrefix = ARGV[1]
local runId = ARGV[2]
local capacity = tonumber(ARGV[3])
local key = recordPrefix .. runId
if redis.call('EXISTS', key) == 1 then
  return redis.error_reply('ERR run id already stored')
end
redis.call('HSET', key, unpack(ARGV, 4))
local sequence = redis.call('INCR', KEYS[3])
redis.call('ZADD', KEYS[1], sequence, runId)
redis.call('SADD', KEYS[2], runId)
local evicted = {}
local excess = redis.call('ZCARD', KEYS[1]) - capacity
if excess > 0 then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, excess - 1)
  for _, oldId in ipairs(oldest) do
    local oldKey = recordPrefix .. oldId
    local fields = redis.pcall('HGETALL', oldKey)
    if type(fields) ~= 'table' or fields.err then fields = {} end
    table.insert(evicted, oldId)
    table.insert(evicted, fields)
    redis.call('DEL', oldKey)
    -- Its event log (a stream under <prefix>:runs:events:) goes with it, in the same step.
    redis.call('DEL', string.sub(recordPrefix, 1, -8) .. 'events:' .. oldId)
    redis.call('ZREM', KEYS[1], oldId)
    redis.call('SREM', KEYS[2], oldId)
  end
end
return evicted
`;

/**
 * Records an outcome if the run is still `running` (the first outcome wins); 1 when it did.
 * KEYS: record, running. ARGV: run id, status, finished_at, 'result' or 'error', its text.
 */
export const FINISH_RUN_SCRIPT = `
if redis.call('HGET', KEYS[1], 'status') ~= 'running' then
  return 0
end
redis.call('HSET', KEYS[1], 'status', ARGV[2], 'finished_at', ARGV[3], ARGV[4], ARGV[5])
redis.call('SREM', KEYS[2], ARGV[1])
return 1
`;

/** Forgets a record. KEYS: record, index, running. ARGV: run id. */
export const REMOVE_RUN_SCRIPT = `
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('SREM', KEYS[3], ARGV[1])
return 1
`;

/**
 * Counts a start of a still-`running` run by a worker (ARGV[1] = 1), or gives one back (-1, a run
 * handed back unfinished): the starts after the change, 0 when the run is finished, -1 when no
 * record is stored. KEYS: record. ARGV: the change.
 */
export const COUNT_RUN_START_SCRIPT = `
local status = redis.call('HGET', KEYS[1], 'status')
if not status then
  return -1
end
if status ~= 'running' then
  return 0
end
return redis.call('HINCRBY', KEYS[1], 'starts', ARGV[1])
`;
