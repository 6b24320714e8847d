//! A token bucket: the per-connection message rate limit.

use std::time::Instant;

/// Allows `rate` messages a second on average and bursts of `burst`.
#[derive(Clone, Debug)]
pub struct RateLimiter {
    rate: f64,
    burst: f64,
    tokens: f64,
    last: Instant,
}

impl RateLimiter {
    /// A full bucket.
    pub fn new(rate: u32, burst: u32, now: Instant) -> RateLimiter {
        let burst = f64::from(burst.max(1));
        RateLimiter {
            rate: f64::from(rate),
            burst,
            tokens: burst,
            last: now,
        }
    }

    /// Whether one more message may pass at `now`; takes its token if so.
    pub fn allow(&mut self, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * self.rate).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_burst_passes_then_the_rate_refills() {
        let t0 = Instant::now();
        let mut limiter = RateLimiter::new(10, 3, t0);
        assert!((0..3).all(|_| limiter.allow(t0)));
        assert!(!limiter.allow(t0));
        assert!(limiter.allow(t0 + Duration::from_millis(100)));
        assert!(!limiter.allow(t0 + Duration::from_millis(100)));
        assert!((0..3).all(|_| limiter.allow(t0 + Duration::from_secs(10))));
        assert!(!limiter.allow(t0 + Duration::from_secs(10)));
    }
}
