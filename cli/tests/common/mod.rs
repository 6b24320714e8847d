//! Running the project's executables in tests, as a user would.

use std::io::Write;
use std::process::{Command, Stdio};

/// What a finished run printed.
pub struct Run {
    /// Whether it exited with success.
    pub ok: bool,
    /// Its standard output.
    pub stdout: String,
    /// Its standard error.
    pub stderr: String,
}

/// Runs `exe` with `args`, feeding `input` on standard input.
#[allow(dead_code)] // each test crate uses one of the two
pub fn run(exe: &str, args: &[&str], input: &str) -> Run {
    run_with_env(exe, args, input, &[])
}

/// [`run`] with these environment variables set.
pub fn run_with_env(exe: &str, args: &[&str], input: &str, env: &[(&str, &str)]) -> Run {
    let mut child = Command::new(exe)
        .args(args)
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    Run {
        ok: out.status.success(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}
