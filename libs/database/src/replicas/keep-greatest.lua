-- A workspace's last write position (replica-router.ts): keeps the greatest, since concurrent writes of one
-- workspace may note theirs out of order. KEYS[1] the position; ARGV[1] the sortable LSN, ARGV[2] its TTL in ms.
local cur = redis.call('GET', KEYS[1])
if (not cur) or ARGV[1] > cur then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) else redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 1
