//! A log's format: its name, its label, and how `--format` reads it.

use crate::settings::{shown, FieldError, Invalid};

/// A log's format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Generic,
    LiteLlm,
    Helicone,
    Langfuse,
    Otlp,
}

pub const FORMATS_ALLOWED: &str = "\"generic\", \"litellm\", \"helicone\", \"langfuse\" or \"otlp\"";

impl Format {
    pub const ALL: [Format; 5] = [Format::Generic, Format::LiteLlm, Format::Helicone, Format::Langfuse, Format::Otlp];

    pub fn name(self) -> &'static str {
        match self {
            Format::Generic => "generic",
            Format::LiteLlm => "litellm",
            Format::Helicone => "helicone",
            Format::Langfuse => "langfuse",
            Format::Otlp => "otlp",
        }
    }

    /// What a reader calls it.
    pub fn label(self) -> &'static str {
        match self {
            Format::Generic => "a generic log",
            Format::LiteLlm => "LiteLLM spend logs",
            Format::Helicone => "a Helicone export",
            Format::Langfuse => "Langfuse observations",
            Format::Otlp => "OpenTelemetry GenAI spans (OTLP/JSON)",
        }
    }

    /// The format named `text`.
    ///
    /// ```
    /// use billsim_core::replay::Format;
    /// assert_eq!(Format::parse("litellm"), Ok(Format::LiteLlm));
    /// assert_eq!(Format::parse("csv").unwrap_err().to_string(),
    ///     "format: must be \"generic\", \"litellm\", \"helicone\", \"langfuse\" or \"otlp\"; got \"csv\"");
    /// ```
    pub fn parse(text: &str) -> Result<Format, FieldError> {
        Format::ALL
            .into_iter()
            .find(|f| f.name() == text.trim())
            .ok_or_else(|| Invalid { allowed: FORMATS_ALLOWED, got: shown(text) }.on("format"))
    }
}
