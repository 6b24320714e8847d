//! A small `--key value` argument reader shared by the subcommands.

use std::collections::HashMap;
use std::str::FromStr;

/// Options given as `--key value` pairs.
pub struct Args {
    options: HashMap<String, String>,
}

impl Args {
    /// Reads `argv`, accepting only the option names in `known`.
    pub fn parse(argv: &[String], known: &[&str]) -> Result<Args, String> {
        let mut options = HashMap::new();
        let mut it = argv.iter();
        while let Some(arg) = it.next() {
            if let Some(key) = arg.strip_prefix("--") {
                if !known.contains(&key) {
                    return Err(format!("unknown option --{key}"));
                }
                let value = it.next().ok_or(format!("--{key} needs a value"))?;
                options.insert(key.to_string(), value.clone());
            } else {
                return Err(format!("unexpected argument {arg:?}"));
            }
        }
        Ok(Args { options })
    }

    /// The option's value parsed, or `default` when absent.
    pub fn get<T: FromStr>(&self, key: &str, default: T) -> Result<T, String>
    where
        T::Err: std::fmt::Display,
    {
        match self.options.get(key) {
            None => Ok(default),
            Some(v) => v.parse().map_err(|e| format!("--{key} {v:?}: {e}")),
        }
    }

    /// The option's raw text, if given.
    pub fn text(&self, key: &str) -> Option<&str> {
        self.options.get(key).map(String::as_str)
    }
}
