-- Hands the slots a drain job carries to the one run that adopts them: each still held is renamed to a member of a
-- new token, so a second run of the same job (a duplicate, or the retry of a job whose worker died holding them)
-- finds them gone and takes slots of its own within the caps.
-- KEYS[1] the workspace's slots, KEYS[2] the webhook's slots. ARGV: ttl ms, webhook id, token, members...
-- Answers the new members (`<webhook>:<token>:<n>`), each held in both sets for a TTL.
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local ttl = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
local adopted = {}
for i = 4, #ARGV do
  if redis.call('ZREM', KEYS[2], ARGV[i]) == 1 then
    redis.call('ZREM', KEYS[1], ARGV[i])
    local member = ARGV[2] .. ':' .. ARGV[3] .. ':' .. (#adopted + 1)
    redis.call('ZADD', KEYS[1], now + ttl, member)
    redis.call('ZADD', KEYS[2], now + ttl, member)
    adopted[#adopted + 1] = member
  end
end
if #adopted > 0 then
  redis.call('PEXPIRE', KEYS[1], ttl * 2)
  redis.call('PEXPIRE', KEYS[2], ttl * 2)
end
return adopted
