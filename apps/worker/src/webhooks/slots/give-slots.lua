-- Frees slots. KEYS[1] the workspace's slots, KEYS[2] the webhook's slots, KEYS[3] the workspace's
-- wanting webhooks. ARGV: ttl ms, webhook id, members.
-- Answers { how many were still held, the other webhooks that want slots... }: the giver starts
-- drains for them, so a freed slot goes to a webhook the workspace cap held back.
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local freed = 0
for i = 3, #ARGV do
  redis.call('ZREM', KEYS[1], ARGV[i])
  freed = freed + redis.call('ZREM', KEYS[2], ARGV[i])
end
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now - tonumber(ARGV[1]))
local answer = { freed }
for _, webhook in ipairs(redis.call('ZRANGE', KEYS[3], 0, -1)) do
  if webhook ~= ARGV[2] then answer[#answer + 1] = webhook end
end
return answer
