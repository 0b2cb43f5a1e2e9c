/**
 * Appends a batch of events to a run's stream, in order, with the next ids `0-<n>`, all in one
 * atomic step, so processes appending at once never reuse an id and nothing falls between the
 * batch's events. Each event follows the rules of a single append: nothing is appended once the
 * run's record is gone (evicted: its stream was dropped) or after `done`; past `max - 1` events
 * only `done` is. Answers each event's new id, or 0 for each one not appended.
 * KEYS: the stream, the run's record. ARGV: max events, then type and data (JSON) of each event.
 */
export const APPEND_RUN_EVENTS_SCRIPT = `
local ids = {}
local count = (#ARGV - 1) / 2
if redis.call('EXISTS', KEYS[2]) == 0 then
  for i = 1, count do
    ids[i] = 0
  end
  return ids
end
local last = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
local n = 0
local closed = false
if #last > 0 then
  n = tonumber(string.match(last[1][1], '^0%-(%d+)$'))
  if n == nil then
    return redis.error_reply('ERR unexpected event id in the run stream')
  end
  local fields = last[1][2]
  for i = 1, #fields, 2 do
    if fields[i] == 'type' and fields[i + 1] == 'done' then
      closed = true
    end
  end
end
local max = tonumber(ARGV[1])
for i = 1, count do
  local eventType = ARGV[2 * i]
  if closed or (eventType ~= 'done' and n >= max - 1) then
    ids[i] = 0
  else
    n = n + 1
    redis.call('XADD', KEYS[1], '0-' .. n, 'type', eventType, 'data', ARGV[2 * i + 1])
    ids[i] = n
    closed = eventType == 'done'
  end
end
return ids
`;
