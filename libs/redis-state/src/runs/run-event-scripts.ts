/**
 * Appends one event to a run's stream with the next id `0-<n>`, atomically, so processes
 * appending at once never reuse an id. Nothing is appended once the run's record is gone (evicted:
 * its stream was dropped) or after `done`; past `max - 1` events only `done` is. Answers the new
 * id, or 0 when nothing was appended.
 * KEYS: the stream, the run's record. ARGV: type, data (JSON), max events.
 */
export const APPEND_RUN_EVENT_SCRIPT = `
if redis.call('EXISTS', KEYS[2]) == 0 then
  return 0
end
local last = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
local n = 0
if #last > 0 then
  n = tonumber(string.match(last[1][1], '^0%-(%d+)$'))
  if n == nil then
    return redis.error_reply('ERR unexpected event id in the run stream')
  end
  local fields = last[1][2]
  for i = 1, #fields, 2 do
    if fields[i] == 'type' and fields[i + 1] == 'done' then
      return 0
    end
  end
end
if ARGV[1] ~= 'done' and n >= tonumber(ARGV[3]) - 1 then
  return 0
end
n = n + 1
redis.call('XADD', KEYS[1], '0-' .. n, 'type', ARGV[1], 'data', ARGV[2])
return n
`;
