//! The plans and their limits, in one place.

/// A user's plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Plan {
    Free,
    Regular,
    Premium,
}

impl Plan {
    /// Reads the stored name; anything unknown is the free plan.
    pub fn parse(name: &str) -> Plan {
        match name {
            "regular" => Plan::Regular,
            "premium" => Plan::Premium,
            _ => Plan::Free,
        }
    }

    /// The stored name.
    pub const fn name(self) -> &'static str {
        match self {
            Plan::Free => "free",
            Plan::Regular => "regular",
            Plan::Premium => "premium",
        }
    }

    /// How many calculators the plan may save (`None`: no limit).
    pub const fn max_calculators(self) -> Option<u64> {
        match self {
            Plan::Free => Some(5),
            Plan::Regular => Some(100),
            Plan::Premium => None,
        }
    }

    /// How many versions of each calculator the plan keeps (`None`: all). The current
    /// version and the published one are always kept; the oldest others go first.
    pub const fn max_versions(self) -> Option<u64> {
        match self {
            Plan::Free => Some(10),
            Plan::Regular => Some(100),
            Plan::Premium => None,
        }
    }

    /// How many days of analytics the plan keeps, today included (`None`: all).
    pub const fn analytics_days(self) -> Option<i64> {
        match self {
            Plan::Free => Some(30),
            Plan::Regular => Some(365),
            Plan::Premium => None,
        }
    }

    /// How many submissions a month the owner may read (`None`: all). Past it they are
    /// still stored and the visitor still thanked: no lead is dropped. They are held back
    /// from the owner until a plan with room for them.
    pub const fn monthly_submissions(self) -> Option<u64> {
        match self {
            Plan::Free => Some(100),
            Plan::Regular => Some(1_000),
            Plan::Premium => None,
        }
    }

    /// How many webhook endpoints the account may have, over all its calculators.
    pub const fn webhook_endpoints(self) -> u64 {
        match self {
            Plan::Free => 1,
            Plan::Regular => 5,
            Plan::Premium => 20,
        }
    }

    /// The message when one more webhook endpoint would pass the plan's limit.
    pub fn webhook_limit_message(self) -> String {
        match self {
            Plan::Free => "The free plan allows 1 webhook endpoint. Upgrade to Regular or Premium to add more.".to_owned(),
            Plan::Regular => format!(
                "Your plan allows up to {} webhook endpoints. Upgrade to Premium to add more.",
                self.webhook_endpoints()
            ),
            Plan::Premium => format!(
                "Your plan allows up to {} webhook endpoints. Delete one to add another.",
                self.webhook_endpoints()
            ),
        }
    }

    /// Whether calculators may be private.
    pub const fn allows_private(self) -> bool {
        !matches!(self, Plan::Free)
    }

    /// The message when saving one more calculator would pass the limit.
    pub fn limit_message(self) -> String {
        match (self, self.max_calculators()) {
            (Plan::Free, Some(max)) => format!(
                "The free plan saves up to {max} calculators. Upgrade to Regular or Premium to save more."
            ),
            (_, Some(max)) => {
                format!("Your plan saves up to {max} calculators. Upgrade to Premium to save more.")
            }
            (_, None) => String::new(),
        }
    }
}

/// The message when a free-plan user tries to make a calculator private.
pub const PRIVATE_NEEDS_UPGRADE: &str = "Private calculators need the Regular or Premium plan. Upgrade to make this calculator private.";

/// The message when a free-plan user saves a calculator whose script is private.
pub const PRIVATE_SCRIPT_NEEDS_UPGRADE: &str = "A private script needs the Regular or Premium plan. Upgrade to keep this calculator's script private.";
