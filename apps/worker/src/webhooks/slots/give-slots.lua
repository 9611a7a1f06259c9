-- Frees slots. KEYS[1] the workspace's slots, KEYS[2] the webhook's slots. ARGV: members.
-- Answers how many were still held.
local freed = 0
for i = 1, #ARGV do
  redis.call('ZREM', KEYS[1], ARGV[i])
  freed = freed + redis.call('ZREM', KEYS[2], ARGV[i])
end
return freed
